// Touch lamp, as the Arduino Starter Kit's project 13: a piece of foil on pin 2, joined to pin 4 by a
// 1 megaohm resistor, and the lamp on pin 12. Touch the foil and the lamp goes on.
#include <CapacitiveSensor.h>

CapacitiveSensor capSensor = CapacitiveSensor(4, 2);
const int threshold = 1000;
const int ledPin = 12;

void setup() {
  Serial.begin(9600);
  pinMode(ledPin, OUTPUT);
  capSensor.set_CS_Timeout_Millis(20);
}

void loop() {
  long sensorValue = capSensor.capacitiveSensor(30);
  Serial.println(sensorValue);
  if (sensorValue > threshold) {
    digitalWrite(ledPin, HIGH);
  } else {
    digitalWrite(ledPin, LOW);
  }
  delay(10);
}
