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
}

void loop() {}
