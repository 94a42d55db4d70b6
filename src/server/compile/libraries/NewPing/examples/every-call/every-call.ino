// Every public function of NewPing once, and its constants.
#include <NewPing.h>

NewPing sonar(7, 4);
NewPing nearOnly(7, 4, 50);

void setup() {
  Serial.begin(9600);
  unsigned long echo = sonar.ping();
  Serial.println(echo);
  Serial.println(sonar.ping(300));
  Serial.println(sonar.ping_cm());
  Serial.println(sonar.ping_in());
  Serial.println(nearOnly.ping_cm(20));
  Serial.println(sonar.ping_median(3));
  Serial.println(NewPing::convert_cm(echo));
  Serial.println(sonar.convert_in(echo));
  Serial.println(NewPingConvert(echo, US_ROUNDTRIP_CM));
  Serial.println(US_ROUNDTRIP_IN + NO_ECHO + MAX_SENSOR_DISTANCE + PING_MEDIAN_DELAY);
}

void loop() {}
