// Every call of our Servo.h, for the compile test on each board.
#include <Servo.h>

Servo first;
Servo second;

void setup() {
  Serial.begin(9600);
  uint8_t channel = first.attach(9);
  second.attach(10, 1000, 2000);
  first.write(45);
  second.write(1500);  // above 180: microseconds
  second.writeMicroseconds(1200);
  Serial.println(channel);
  Serial.println(first.read());
  Serial.println(second.readMicroseconds());
  if (first.attached()) first.detach();
  Serial.println(MIN_PULSE_WIDTH + MAX_PULSE_WIDTH + DEFAULT_PULSE_WIDTH + REFRESH_INTERVAL + MAX_SERVOS);
}

void loop() {}
