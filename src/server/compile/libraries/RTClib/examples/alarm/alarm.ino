// A DS3231 alarm: alarm 1 fires when the seconds read 05, once a minute, and the sketch notices its
// flag, clears it and says the time. The square-wave pin must be off for the alarms.
#include <RTClib.h>

RTC_DS3231 rtc;

void setup() {
  Serial.begin(9600);
  rtc.begin();
  rtc.adjust(DateTime(2026, 3, 14, 15, 9, 0));
  rtc.disable32K();
  rtc.writeSqwPinMode(DS3231_OFF);
  rtc.clearAlarm(1);
  rtc.clearAlarm(2);
  if (rtc.setAlarm1(DateTime(2026, 3, 14, 15, 9, 5), DS3231_A1_Second)) Serial.println("Alarm set");
}

void loop() {
  if (rtc.alarmFired(1)) {
    rtc.clearAlarm(1);
    Serial.print("Alarm at ");
    Serial.println(rtc.now().timestamp(DateTime::TIMESTAMP_TIME));
  }
  delay(100);
}
