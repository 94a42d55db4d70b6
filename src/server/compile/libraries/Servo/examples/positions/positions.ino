// An SG90 attached with its own pulse range (500-2400 us), turned to three positions, then let go.
#include <Servo.h>

Servo arm;

void setup() {
  Serial.begin(9600);
  arm.attach(9, 500, 2400);
  arm.write(0);
  delay(800);
  arm.write(180);
  delay(800);
  arm.writeMicroseconds(1450);  // the middle: 90 degrees
  Serial.print("at ");
  Serial.println(arm.read());
  delay(800);
  arm.detach();
  Serial.print("attached: ");
  Serial.println(arm.attached());
}

void loop() {}
