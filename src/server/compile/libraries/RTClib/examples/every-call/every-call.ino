// Every call of our RTClib.h, for the compile test on each board.
#include <Wire.h>
#include <RTClib.h>

RTC_DS3231 ds3231;
RTC_DS1307 ds1307;
RTC_Millis soft;

void setup() {
  Serial.begin(9600);
  ds3231.begin();
  ds1307.begin(&Wire);
  if (ds3231.lostPower() || !ds1307.isrunning() || !ds3231.isrunning()) {
    ds3231.adjust(DateTime(F(__DATE__), F(__TIME__)));
    ds1307.adjust(DateTime(__DATE__, __TIME__));
  }
  soft.begin(DateTime(2026, 1, 1, 8, 0, 0));
  soft.adjust(DateTime(1767254400UL));
  DateTime now = ds3231.now();
  DateTime then = ds1307.now();
  DateTime later = soft.now() + TimeSpan(1, 2, 3, 4) - TimeSpan(60);
  TimeSpan gap = later - now;
  Serial.println(gap.days() + gap.hours() + gap.minutes() + gap.seconds());
  Serial.println(gap.totalseconds());
  Serial.println((TimeSpan(10) + TimeSpan(5) - TimeSpan(1)).totalseconds());
  Serial.println(now.year() + now.month() + now.day() + now.hour() + now.minute() + now.second());
  Serial.println(now.twelveHour() + now.isPM() + now.dayOfTheWeek());
  Serial.println(now.unixtime() + now.secondstime());
  Serial.println(now.isValid());
  Serial.println(now < then || now > then || now <= then || now >= then || now == then || now != then);
  Serial.println(now.timestamp());
  Serial.println(now.timestamp(DateTime::TIMESTAMP_TIME));
  char text[] = "hh:mm AP";
  Serial.println(now.toString(text));
  Serial.println(ds3231.getTemperature());
  DateTime copy = now;
  copy = then;
  Serial.println(copy.day());
  ds3231.writeSqwPinMode(DS3231_OFF);
  Serial.println(ds3231.readSqwPinMode() == DS3231_OFF);
  Serial.println(ds3231.setAlarm1(now + TimeSpan(10), DS3231_A1_Second));
  Serial.println(ds3231.setAlarm2(now + TimeSpan(0, 0, 2, 0), DS3231_A2_Minute));
  Serial.println(ds3231.alarmFired(1) + ds3231.alarmFired(2));
  ds3231.clearAlarm(1);
  ds3231.disableAlarm(2);
  ds3231.disable32K();
  Serial.println(ds3231.isEnabled32K());
  ds3231.enable32K();
  ds1307.writeSqwPinMode(DS1307_SquareWave1HZ);
  Serial.println(ds1307.readSqwPinMode() == DS1307_SquareWave1HZ);
  uint8_t notes[40];
  for (uint8_t i = 0; i < sizeof(notes); i++) notes[i] = i;
  ds1307.writenvram(2, notes, sizeof(notes));
  ds1307.writenvram(0, 42);
  ds1307.readnvram(notes, sizeof(notes), 2);
  Serial.println(ds1307.readnvram(0) + notes[39]);
}

void loop() {}
