// Setting the clock: from the compile time, then to a date of the sketch's own; read back through
// both the DS3231 and the DS1307 classes (the chips share the address and the time registers).
#include "RTClib.h"

RTC_DS3231 rtc;
RTC_DS1307 sameChip;

void setup() {
  Serial.begin(9600);
  rtc.begin();
  rtc.adjust(DateTime(F(__DATE__), F(__TIME__)));
  Serial.println(rtc.now().timestamp());
  Serial.println(rtc.lostPower() ? "lost power" : "keeps time");
  rtc.adjust(DateTime(2030, 12, 31, 23, 59, 58));
  delay(3000);
  char pattern[] = "DDD DD MMM YYYY hh:mm:ss";
  Serial.println(rtc.now().toString(pattern));
  sameChip.begin();
  Serial.println(sameChip.isrunning() ? "running" : "halted");
  Serial.println(sameChip.now().timestamp(DateTime::TIMESTAMP_DATE));
  Serial.println("done");
}

void loop() {}
