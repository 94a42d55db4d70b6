// RTClib: RoboForge's own implementation of the common subset of the RTClib API (DateTime, TimeSpan,
// RTC_DS3231, RTC_DS1307, RTC_Millis), written from the DS3231 and DS1307 datasheets and the
// library's public documentation for learners' sketches compiled by the RoboForge compile service.
// Header-only: the sketch is the one file that includes it.
//
// Both chips answer at I2C address 0x68 and keep the time in BCD in registers 0-6: seconds (DS1307:
// bit 7 is CH, the clock halted), minutes, hours (bit 6 set: 12-hour mode), day of the week, date,
// month (DS3231: bit 7 is the century), year 00-99. The DS3231's status register 0x0F has OSF
// (bit 7), set when its oscillator stopped, so the time cannot be trusted: lostPower().
// Times are 2000-01-01 to 2099-12-31, with no time zone, as the chips keep them.
#ifndef ROBOFORGE_RTCLIB_H
#define ROBOFORGE_RTCLIB_H

#include <Arduino.h>
#include <Wire.h>

#define SECONDS_PER_DAY 86400L
#define SECONDS_FROM_1970_TO_2000 946684800UL

class TimeSpan {
 public:
  TimeSpan(int32_t seconds = 0) : seconds_(seconds) {}
  TimeSpan(int16_t days, int8_t hours, int8_t minutes, int8_t seconds)
      : seconds_((int32_t)days * SECONDS_PER_DAY + (int32_t)hours * 3600 + (int32_t)minutes * 60 + seconds) {}

  int16_t days() const { return (int16_t)(seconds_ / SECONDS_PER_DAY); }
  int8_t hours() const { return (int8_t)(seconds_ / 3600 % 24); }
  int8_t minutes() const { return (int8_t)(seconds_ / 60 % 60); }
  int8_t seconds() const { return (int8_t)(seconds_ % 60); }
  int32_t totalseconds() const { return seconds_; }

  TimeSpan operator+(const TimeSpan &right) const { return TimeSpan(seconds_ + right.seconds_); }
  TimeSpan operator-(const TimeSpan &right) const { return TimeSpan(seconds_ - right.seconds_); }

 private:
  int32_t seconds_;
};

class DateTime {
 public:
  enum timestampOpt { TIMESTAMP_FULL, TIMESTAMP_TIME, TIMESTAMP_DATE };

  // Seconds since 1970-01-01 00:00:00 (no earlier than 2000).
  DateTime(uint32_t unixTime = SECONDS_FROM_1970_TO_2000) { setSince2000(unixTime - SECONDS_FROM_1970_TO_2000); }

  // A year of 2000-2099 (or 0-99, taken as 20xx); month 1-12; day 1-31.
  DateTime(uint16_t year, uint8_t month, uint8_t day, uint8_t hour = 0, uint8_t minute = 0, uint8_t second = 0)
      : year_(year >= 2000 ? (uint8_t)(year - 2000) : (uint8_t)year),
        month_(month),
        day_(day),
        hour_(hour),
        minute_(minute),
        second_(second) {}

  // The compiler's __DATE__ ("Jan  1 2026") and __TIME__ ("08:00:00"), as `DateTime(__DATE__, __TIME__)`.
  DateTime(const char *date, const char *time) {
    char d[11];
    char t[8];
    for (uint8_t i = 0; i < 11; i++) d[i] = date[i];
    for (uint8_t i = 0; i < 8; i++) t[i] = time[i];
    fromCompilerStrings(d, t);
  }

  // The same from flash: `DateTime(F(__DATE__), F(__TIME__))`.
  DateTime(const __FlashStringHelper *date, const __FlashStringHelper *time) {
    const char *dateInFlash = reinterpret_cast<const char *>(date);
    const char *timeInFlash = reinterpret_cast<const char *>(time);
    char d[11];
    char t[8];
    for (uint8_t i = 0; i < 11; i++) d[i] = (char)pgm_read_byte(dateInFlash + i);
    for (uint8_t i = 0; i < 8; i++) t[i] = (char)pgm_read_byte(timeInFlash + i);
    fromCompilerStrings(d, t);
  }

  uint16_t year() const { return 2000U + year_; }
  uint8_t month() const { return month_; }
  uint8_t day() const { return day_; }
  uint8_t hour() const { return hour_; }
  uint8_t minute() const { return minute_; }
  uint8_t second() const { return second_; }
  uint8_t twelveHour() const { return hour_ % 12 == 0 ? 12 : hour_ % 12; }
  uint8_t isPM() const { return hour_ >= 12; }

  // 0 Sunday, 1 Monday ... 6 Saturday (2000-01-01 was a Saturday).
  uint8_t dayOfTheWeek() const { return (uint8_t)((daysSince2000() + 6) % 7); }

  bool isValid() const {
    return year_ < 100 && month_ >= 1 && month_ <= 12 && day_ >= 1 && day_ <= daysInMonth(year_, month_) &&
           hour_ < 24 && minute_ < 60 && second_ < 60;
  }

  // Seconds since 2000-01-01 00:00:00.
  uint32_t secondstime() const {
    return daysSince2000() * (uint32_t)SECONDS_PER_DAY + hour_ * 3600UL + minute_ * 60UL + second_;
  }
  // Seconds since 1970-01-01 00:00:00.
  uint32_t unixtime() const { return secondstime() + SECONDS_FROM_1970_TO_2000; }

  // "2026-01-01T08:00:00" (or its time or date part).
  String timestamp(timestampOpt opt = TIMESTAMP_FULL) const {
    char text[20];
    if (opt == TIMESTAMP_TIME) {
      snprintf(text, sizeof text, "%02u:%02u:%02u", hour_, minute_, second_);
    } else if (opt == TIMESTAMP_DATE) {
      snprintf(text, sizeof text, "%u-%02u-%02u", year(), month_, day_);
    } else {
      snprintf(text, sizeof text, "%u-%02u-%02uT%02u:%02u:%02u", year(), month_, day_, hour_, minute_, second_);
    }
    return String(text);
  }

  // Fills in a pattern in place and returns it: YYYY, YY, MM, MMM (Jan), DD, DDD (Mon), hh, mm, ss, AP.
  char *toString(char *buffer) const {
    static const char MONTHS[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    static const char DAYS[] = "SunMonTueWedThuFriSat";
    for (char *at = buffer; *at != '\0'; at++) {
      if (at[0] == 'Y' && at[1] == 'Y' && at[2] == 'Y' && at[3] == 'Y') {
        putTwo(at, 20);
        putTwo(at + 2, year_);
        at += 3;
      } else if (at[0] == 'Y' && at[1] == 'Y') {
        putTwo(at++, year_);
      } else if (at[0] == 'M' && at[1] == 'M' && at[2] == 'M') {
        for (uint8_t i = 0; i < 3; i++) at[i] = MONTHS[(month_ - 1) * 3 + i];
        at += 2;
      } else if (at[0] == 'M' && at[1] == 'M') {
        putTwo(at++, month_);
      } else if (at[0] == 'D' && at[1] == 'D' && at[2] == 'D') {
        for (uint8_t i = 0; i < 3; i++) at[i] = DAYS[dayOfTheWeek() * 3 + i];
        at += 2;
      } else if (at[0] == 'D' && at[1] == 'D') {
        putTwo(at++, day_);
      } else if (at[0] == 'h' && at[1] == 'h') {
        putTwo(at++, hour_);
      } else if (at[0] == 'm' && at[1] == 'm') {
        putTwo(at++, minute_);
      } else if (at[0] == 's' && at[1] == 's') {
        putTwo(at++, second_);
      } else if (at[0] == 'A' && at[1] == 'P') {
        at[0] = isPM() ? 'P' : 'A';
        at++;
      }
    }
    return buffer;
  }

  DateTime operator+(const TimeSpan &span) const { return DateTime(unixtime() + span.totalseconds()); }
  DateTime operator-(const TimeSpan &span) const { return DateTime(unixtime() - span.totalseconds()); }
  TimeSpan operator-(const DateTime &right) const { return TimeSpan((int32_t)(unixtime() - right.unixtime())); }
  bool operator<(const DateTime &right) const { return unixtime() < right.unixtime(); }
  bool operator>(const DateTime &right) const { return right < *this; }
  bool operator<=(const DateTime &right) const { return !(*this > right); }
  bool operator>=(const DateTime &right) const { return !(*this < right); }
  bool operator==(const DateTime &right) const { return unixtime() == right.unixtime(); }
  bool operator!=(const DateTime &right) const { return !(*this == right); }

 private:
  static bool isLeap(uint8_t year) { return year % 4 == 0; }  // 2000 was one; 2100 is out of range

  static uint8_t daysInMonth(uint8_t year, uint8_t month) {
    static const uint8_t DAYS[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeap(year) ? 29 : DAYS[(month - 1) % 12];
  }

  uint32_t daysSince2000() const {
    uint32_t days = year_ * 365UL + (year_ + 3) / 4;  // leap days of the years before this one
    for (uint8_t m = 1; m < month_; m++) days += daysInMonth(year_, m);
    return days + day_ - 1;
  }

  void setSince2000(uint32_t seconds) {
    second_ = seconds % 60;
    minute_ = seconds / 60 % 60;
    hour_ = seconds / 3600 % 24;
    uint32_t days = seconds / SECONDS_PER_DAY;
    year_ = 0;
    while (days >= (isLeap(year_) ? 366U : 365U)) {
      days -= isLeap(year_) ? 366U : 365U;
      year_++;
    }
    month_ = 1;
    while (days >= daysInMonth(year_, month_)) {
      days -= daysInMonth(year_, month_);
      month_++;
    }
    day_ = (uint8_t)(days + 1);
  }

  static uint8_t twoDigits(const char *text) {
    uint8_t value = 0;
    for (uint8_t i = 0; i < 2; i++) {
      if (text[i] >= '0' && text[i] <= '9') value = value * 10 + (text[i] - '0');
    }
    return value;
  }

  static void putTwo(char *at, uint8_t value) {
    at[0] = (char)('0' + value / 10 % 10);
    at[1] = (char)('0' + value % 10);
  }

  // "Mmm dd yyyy" and "hh:mm:ss".
  void fromCompilerStrings(const char *date, const char *time) {
    static const char MONTHS[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    month_ = 1;
    for (uint8_t m = 0; m < 12; m++) {
      if (date[0] == MONTHS[m * 3] && date[1] == MONTHS[m * 3 + 1] && date[2] == MONTHS[m * 3 + 2]) month_ = m + 1;
    }
    day_ = twoDigits(date + 4);
    year_ = twoDigits(date + 9);
    hour_ = twoDigits(time);
    minute_ = twoDigits(time + 3);
    second_ = twoDigits(time + 6);
  }

  uint8_t year_;  // 0-99: 2000-2099
  uint8_t month_;
  uint8_t day_;
  uint8_t hour_;
  uint8_t minute_;
  uint8_t second_;
};

namespace roboforge_rtc {

const uint8_t ADDRESS = 0x68;

inline uint8_t fromBcd(uint8_t value) { return (uint8_t)((value >> 4) * 10 + (value & 0x0F)); }
inline uint8_t toBcd(uint8_t value) { return (uint8_t)(((value / 10) << 4) | (value % 10)); }

// Registers from `first` on into `values`; false when the chip does not answer.
inline bool readRegisters(TwoWire *wire, uint8_t first, uint8_t *values, uint8_t count) {
  wire->beginTransmission(ADDRESS);
  wire->write(first);
  if (wire->endTransmission() != 0) return false;
  if (wire->requestFrom(ADDRESS, count) != count) return false;
  for (uint8_t i = 0; i < count; i++) values[i] = (uint8_t)wire->read();
  return true;
}

inline bool writeRegisters(TwoWire *wire, uint8_t first, const uint8_t *values, uint8_t count) {
  wire->beginTransmission(ADDRESS);
  wire->write(first);
  for (uint8_t i = 0; i < count; i++) wire->write(values[i]);
  return wire->endTransmission() == 0;
}

// The time registers 0-6 as a DateTime (a 12-hour clock read as 24-hour).
inline DateTime timeFromRegisters(const uint8_t *r) {
  uint8_t hour;
  if (r[2] & 0x40) {
    hour = (uint8_t)(fromBcd(r[2] & 0x1F) % 12 + ((r[2] & 0x20) ? 12 : 0));
  } else {
    hour = fromBcd(r[2] & 0x3F);
  }
  return DateTime(2000 + fromBcd(r[6]), fromBcd(r[5] & 0x1F), fromBcd(r[4] & 0x3F), hour, fromBcd(r[1] & 0x7F),
                  fromBcd(r[0] & 0x7F));
}

// Registers 0-6 for a DateTime, 24-hour; the day of the week as 1 Monday ... 7 Sunday.
inline void registersFromTime(const DateTime &time, uint8_t *r) {
  r[0] = toBcd(time.second());
  r[1] = toBcd(time.minute());
  r[2] = toBcd(time.hour());
  r[3] = time.dayOfTheWeek() == 0 ? 7 : time.dayOfTheWeek();
  r[4] = toBcd(time.day());
  r[5] = toBcd(time.month());
  r[6] = toBcd((uint8_t)(time.year() - 2000));
}

}  // namespace roboforge_rtc

// The DS3231's square-wave pin: off (it then signals the alarms) or a frequency.
enum Ds3231SqwPinMode {
  DS3231_OFF = 0x1C,
  DS3231_SquareWave1Hz = 0x00,
  DS3231_SquareWave1kHz = 0x08,
  DS3231_SquareWave4kHz = 0x10,
  DS3231_SquareWave8kHz = 0x18
};

// What of the time alarm 1 must match: every second; the seconds; minutes and seconds; the hour
// too; the date too; or the day of the week instead of the date.
enum Ds3231Alarm1Mode {
  DS3231_A1_PerSecond = 0x0F,
  DS3231_A1_Second = 0x0E,
  DS3231_A1_Minute = 0x0C,
  DS3231_A1_Hour = 0x08,
  DS3231_A1_Date = 0x00,
  DS3231_A1_Day = 0x10
};

// Alarm 2 has no seconds: it fires at second 0 of every minute, or of the minute, hour, date or day set.
enum Ds3231Alarm2Mode {
  DS3231_A2_PerMinute = 0x7,
  DS3231_A2_Minute = 0x6,
  DS3231_A2_Hour = 0x4,
  DS3231_A2_Date = 0x0,
  DS3231_A2_Day = 0x8
};

// The DS1307's SQW/OUT pin: held low or high, or a square wave.
enum Ds1307SqwPinMode {
  DS1307_OFF = 0x00,
  DS1307_ON = 0x80,
  DS1307_SquareWave1HZ = 0x10,
  DS1307_SquareWave4kHz = 0x11,
  DS1307_SquareWave8kHz = 0x12,
  DS1307_SquareWave32kHz = 0x13
};

class RTC_DS3231 {
 public:
  RTC_DS3231() : wire_(&Wire) {}

  // True when the clock answers on the I2C bus.
  bool begin(TwoWire *wire = &Wire) {
    wire_ = wire;
    wire_->begin();
    wire_->beginTransmission(roboforge_rtc::ADDRESS);
    return wire_->endTransmission() == 0;
  }

  // Sets the clock, and clears the flag lostPower() reads.
  void adjust(const DateTime &time) {
    uint8_t r[7];
    roboforge_rtc::registersFromTime(time, r);
    roboforge_rtc::writeRegisters(wire_, 0x00, r, 7);
    uint8_t status = 0;
    if (roboforge_rtc::readRegisters(wire_, STATUS, &status, 1)) {
      status &= (uint8_t)~OSF;
      roboforge_rtc::writeRegisters(wire_, STATUS, &status, 1);
    }
  }

  // The time now (2000-01-01 00:00:00 when the clock does not answer).
  DateTime now() {
    uint8_t r[7];
    if (!roboforge_rtc::readRegisters(wire_, 0x00, r, 7)) return DateTime();
    return roboforge_rtc::timeFromRegisters(r);
  }

  // True when the clock's oscillator stopped (no power and no battery) since it was last set.
  bool lostPower() {
    uint8_t status = 0;
    if (!roboforge_rtc::readRegisters(wire_, STATUS, &status, 1)) return true;
    return (status & OSF) != 0;
  }

  // The chip's own thermometer, in degrees Celsius (quarter degrees).
  float getTemperature() {
    uint8_t t[2];
    if (!roboforge_rtc::readRegisters(wire_, 0x11, t, 2)) return NAN;
    return (int8_t)t[0] + (t[1] >> 6) * 0.25f;
  }

  // The DS3231 always runs while powered.
  bool isrunning() { return !lostPower(); }

  // Alarm 1 at `time`, matching as `mode` says; its flag is then read by alarmFired(1). Needs the
  // square-wave pin off (DS3231_OFF), as the pin signals the alarms then: false otherwise.
  bool setAlarm1(const DateTime &time, Ds3231Alarm1Mode mode) {
    uint8_t control = read(CONTROL);
    if (!(control & INTCN)) return false;
    uint8_t day = (mode & 0x10) ? weekday(time) : time.day();
    uint8_t r[4] = {
        (uint8_t)(roboforge_rtc::toBcd(time.second()) | ((mode & 0x01) << 7)),
        (uint8_t)(roboforge_rtc::toBcd(time.minute()) | ((mode & 0x02) << 6)),
        (uint8_t)(roboforge_rtc::toBcd(time.hour()) | ((mode & 0x04) << 5)),
        (uint8_t)(roboforge_rtc::toBcd(day) | ((mode & 0x08) << 4) | ((mode & 0x10) << 2)),
    };
    roboforge_rtc::writeRegisters(wire_, 0x07, r, 4);
    write(CONTROL, control | 0x01);
    return true;
  }

  bool setAlarm2(const DateTime &time, Ds3231Alarm2Mode mode) {
    uint8_t control = read(CONTROL);
    if (!(control & INTCN)) return false;
    uint8_t day = (mode & 0x08) ? weekday(time) : time.day();
    uint8_t r[3] = {
        (uint8_t)(roboforge_rtc::toBcd(time.minute()) | ((mode & 0x01) << 7)),
        (uint8_t)(roboforge_rtc::toBcd(time.hour()) | ((mode & 0x02) << 6)),
        (uint8_t)(roboforge_rtc::toBcd(day) | ((mode & 0x04) << 5) | ((mode & 0x08) << 3)),
    };
    roboforge_rtc::writeRegisters(wire_, 0x0B, r, 3);
    write(CONTROL, control | 0x02);
    return true;
  }

  // Alarm 1 or 2 no longer signals on the pin (its flag is still set when it matches).
  void disableAlarm(uint8_t alarm) { write(CONTROL, read(CONTROL) & ~(1 << (alarm - 1))); }
  void clearAlarm(uint8_t alarm) { write(STATUS, read(STATUS) & ~(1 << (alarm - 1))); }
  bool alarmFired(uint8_t alarm) { return (read(STATUS) >> (alarm - 1)) & 0x01; }

  Ds3231SqwPinMode readSqwPinMode() {
    uint8_t mode = read(CONTROL) & 0x1C;
    return (mode & INTCN) ? DS3231_OFF : (Ds3231SqwPinMode)mode;
  }
  void writeSqwPinMode(Ds3231SqwPinMode mode) {
    uint8_t control = read(CONTROL) & ~(INTCN | 0x18);
    write(CONTROL, control | (mode == DS3231_OFF ? INTCN : mode));
  }

  // The 32 kHz output pin.
  void enable32K() { write(STATUS, read(STATUS) | EN32KHZ); }
  void disable32K() { write(STATUS, read(STATUS) & ~EN32KHZ); }
  bool isEnabled32K() { return (read(STATUS) & EN32KHZ) != 0; }

 private:
  static const uint8_t CONTROL = 0x0E;
  static const uint8_t STATUS = 0x0F;
  static const uint8_t OSF = 0x80;
  static const uint8_t INTCN = 0x04;
  static const uint8_t EN32KHZ = 0x08;

  // The chip's day of the week as RTClib counts it for alarms: Monday 1 ... Sunday 7.
  static uint8_t weekday(const DateTime &time) { return time.dayOfTheWeek() == 0 ? 7 : time.dayOfTheWeek(); }
  uint8_t read(uint8_t address) {
    uint8_t value = 0;
    roboforge_rtc::readRegisters(wire_, address, &value, 1);
    return value;
  }
  void write(uint8_t address, uint8_t value) { roboforge_rtc::writeRegisters(wire_, address, &value, 1); }

  TwoWire *wire_;
};

class RTC_DS1307 {
 public:
  RTC_DS1307() : wire_(&Wire) {}

  bool begin(TwoWire *wire = &Wire) {
    wire_ = wire;
    wire_->begin();
    wire_->beginTransmission(roboforge_rtc::ADDRESS);
    return wire_->endTransmission() == 0;
  }

  // Sets the clock; writing the seconds with CH clear also starts it.
  void adjust(const DateTime &time) {
    uint8_t r[7];
    roboforge_rtc::registersFromTime(time, r);
    roboforge_rtc::writeRegisters(wire_, 0x00, r, 7);
  }

  DateTime now() {
    uint8_t r[7];
    if (!roboforge_rtc::readRegisters(wire_, 0x00, r, 7)) return DateTime();
    return roboforge_rtc::timeFromRegisters(r);
  }

  // False when the clock is halted (CH, bit 7 of the seconds: a new chip, or one whose battery ran out).
  bool isrunning() {
    uint8_t seconds = 0;
    if (!roboforge_rtc::readRegisters(wire_, 0x00, &seconds, 1)) return false;
    return (seconds & 0x80) == 0;
  }

  Ds1307SqwPinMode readSqwPinMode() {
    uint8_t mode = 0;
    roboforge_rtc::readRegisters(wire_, CONTROL, &mode, 1);
    return (Ds1307SqwPinMode)(mode & 0x93);
  }
  void writeSqwPinMode(Ds1307SqwPinMode mode) {
    uint8_t value = mode;
    roboforge_rtc::writeRegisters(wire_, CONTROL, &value, 1);
  }

  // The 56 bytes of battery-backed RAM, addresses 0-55.
  uint8_t readnvram(uint8_t address) {
    uint8_t value = 0;
    readnvram(&value, 1, address);
    return value;
  }
  // Wire moves 32 bytes at a time (the register address is one of them), so larger blocks go in parts.
  void readnvram(uint8_t *buf, uint8_t size, uint8_t address) {
    size = ramSize(size, address);
    for (uint8_t done = 0; done < size; done += CHUNK) {
      uint8_t part = size - done < CHUNK ? size - done : CHUNK;
      roboforge_rtc::readRegisters(wire_, NVRAM + address + done, buf + done, part);
    }
  }
  void writenvram(uint8_t address, uint8_t data) { writenvram(address, &data, 1); }
  void writenvram(uint8_t address, const uint8_t *buf, uint8_t size) {
    size = ramSize(size, address);
    for (uint8_t done = 0; done < size; done += CHUNK) {
      uint8_t part = size - done < CHUNK ? size - done : CHUNK;
      roboforge_rtc::writeRegisters(wire_, NVRAM + address + done, buf + done, part);
    }
  }

 private:
  static const uint8_t CONTROL = 0x07;
  static const uint8_t NVRAM = 0x08;
  static const uint8_t NVRAM_SIZE = 56;
  static const uint8_t CHUNK = 30;
  // What fits from `address` to the end of the RAM.
  static uint8_t ramSize(uint8_t size, uint8_t address) {
    if (address >= NVRAM_SIZE) return 0;
    return size > NVRAM_SIZE - address ? NVRAM_SIZE - address : size;
  }
  TwoWire *wire_;
};

// A clock kept by millis(), for a board with no clock module: set it with begin() or adjust().
class RTC_Millis {
 public:
  RTC_Millis() : setAt_(0), setMillis_(0) {}
  void begin(const DateTime &time) { adjust(time); }
  void adjust(const DateTime &time) {
    setAt_ = time.unixtime();
    setMillis_ = millis();
  }
  DateTime now() { return DateTime(setAt_ + (millis() - setMillis_) / 1000); }

 private:
  uint32_t setAt_;
  unsigned long setMillis_;
};

#endif
