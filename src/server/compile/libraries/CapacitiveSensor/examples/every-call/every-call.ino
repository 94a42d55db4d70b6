// Every public function of CapacitiveSensor once.
#include <CapacitiveSensor.h>

CapacitiveSensor pad(4, 2);

void setup() {
  Serial.begin(9600);
  pad.set_CS_Timeout_Millis(50);
  pad.set_CS_AutocaL_Millis(0xFFFFFFFF);
  pad.reset_CS_AutoCal();
  Serial.println(pad.capacitiveSensorRaw(5));
  Serial.println(pad.capacitiveSensor(5));
}

void loop() {}
