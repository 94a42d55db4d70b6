// Every call of our Stepper.h, for the compile test on each board.
#include <Stepper.h>

Stepper fourWire(200, 8, 9, 10, 11);
Stepper twoWire(48, 4, 5);

void setup() {
  Serial.begin(9600);
  fourWire.setSpeed(60);
  fourWire.step(10);
  fourWire.step(-10);
  twoWire.setSpeed(30L);
  twoWire.step(4);
  Serial.println(fourWire.version());
}

void loop() {}
