// The Stepper library's example for a 28BYJ-48 on a ULN2003 board (IN1-IN4 on pins 8-11, given in
// the order IN1, IN3, IN2, IN4): a quarter turn one way, an eighth back.
#include <Stepper.h>

const int stepsPerRevolution = 2048;

Stepper myStepper(stepsPerRevolution, 8, 10, 9, 11);

void setup() {
  myStepper.setSpeed(15);
  Serial.begin(9600);
  Serial.println("clockwise");
  myStepper.step(512);
  Serial.println("counterclockwise");
  myStepper.step(-256);
  Serial.println("done");
}

void loop() {}
