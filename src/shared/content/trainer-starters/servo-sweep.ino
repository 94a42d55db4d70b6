// Servo sweep: the servo's arm swings slowly from one side to the other, and back.
// Try it: change delay(15) to delay(5) and it swings faster.

#include <Servo.h>  // the Servo library makes the pulses a servo listens to

const int SERVO_PIN = 9;  // the servo on the trainer board

Servo arm;  // our servo, named "arm"

void setup() {
  arm.attach(SERVO_PIN);
}

void loop() {
  // From 0 degrees up to 180 degrees, one degree at a time.
  for (int angle = 0; angle <= 180; angle++) {
    arm.write(angle);  // turn the arm to this angle
    delay(15);         // give it a moment to get there
  }
  // And back down to 0.
  for (int angle = 180; angle >= 0; angle--) {
    arm.write(angle);
    delay(15);
  }
}
