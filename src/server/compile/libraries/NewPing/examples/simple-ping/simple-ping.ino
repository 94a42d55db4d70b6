// Simple ping: the distance to the nearest thing in front of the HC-SR04, twice a second, as NewPing's
// own NewPingExample does. On the trainer board TRIG is pin 7 and ECHO pin 4.
#include <NewPing.h>

#define TRIGGER_PIN 7
#define ECHO_PIN 4
#define MAX_DISTANCE 200  // farther than this (in cm) counts as nothing there

NewPing sonar(TRIGGER_PIN, ECHO_PIN, MAX_DISTANCE);

void setup() {
  Serial.begin(9600);
}

void loop() {
  delay(500);
  Serial.print("Ping: ");
  Serial.print(sonar.ping_cm());  // 0 when nothing is within MAX_DISTANCE
  Serial.println("cm");
}
