// DHT: RoboForge's own implementation of the common DHT sensor API (the one Adafruit's examples use:
// DHT dht(pin, DHT11); begin(), readTemperature(), readHumidity(), computeHeatIndex()), written from
// the DHT11 and DHT22 (AM2302) datasheets for learners' sketches compiled by the RoboForge compile
// service. Header-only: the sketch is the one file that includes it.
//
// The single-wire protocol: the line idles high (pull-up). The host holds it low (DHT11: at least
// 18 ms; DHT22: at least 1 ms) and lets go; the sensor answers with 80 us low, 80 us high, then 40
// bits, each 50 us low followed by a high that is short (26-28 us) for a 0 and long (70 us) for a 1:
// humidity (2 bytes), temperature (2 bytes), checksum. The bits are told apart by comparing each
// high with the low before it, so the count of loop turns needs no clock while interrupts are off.
// A failed reading gives NAN, as the popular library does.
#ifndef ROBOFORGE_DHT_H
#define ROBOFORGE_DHT_H

#include <Arduino.h>
#include <math.h>

#define DHT11 11
#define DHT12 12
#define DHT21 21
#define DHT22 22
#define AM2301 21
#define AM2302 22

class DHT {
 public:
  // `count` is accepted for old sketches (it tuned the original library to the board's speed) and unused.
  DHT(uint8_t pin, uint8_t type, uint8_t count = 6) : pin_(pin), type_(type), lastReadMs_(0), ok_(false) {
    (void)count;
    for (uint8_t i = 0; i < 5; i++) data_[i] = 0;
  }

  // `usec`: how long to wait after letting the line go before listening, in the original library; our
  // reader waits for the sensor's answer itself, so it is accepted and unused.
  void begin(uint8_t usec = 55) {
    (void)usec;
    pinMode(pin_, INPUT_PULLUP);
    // The first read() asks the sensor at once.
    lastReadMs_ = millis() - MIN_INTERVAL_MS;
  }

  // Celsius, or Fahrenheit when `fahrenheit` is true; NAN when the sensor did not answer.
  float readTemperature(bool fahrenheit = false, bool force = false) {
    if (!read(force)) return NAN;
    float celsius;
    if (type_ == DHT11 || type_ == DHT12) {
      celsius = data_[2] + (data_[3] & 0x0F) * 0.1f;
      if (data_[3] & 0x80) celsius = -celsius;
    } else {
      celsius = (((uint16_t)(data_[2] & 0x7F) << 8) | data_[3]) * 0.1f;
      if (data_[2] & 0x80) celsius = -celsius;
    }
    return fahrenheit ? convertCtoF(celsius) : celsius;
  }

  // Relative humidity in %; NAN when the sensor did not answer.
  float readHumidity(bool force = false) {
    if (!read(force)) return NAN;
    if (type_ == DHT11 || type_ == DHT12) return data_[0] + data_[1] * 0.1f;
    return (((uint16_t)data_[0] << 8) | data_[1]) * 0.1f;
  }

  float convertCtoF(float celsius) { return celsius * 1.8f + 32; }
  float convertFtoC(float fahrenheit) { return (fahrenheit - 32) / 1.8f; }

  // The heat index (how hot it feels) from a fresh reading, in Fahrenheit unless `fahrenheit` is false.
  float computeHeatIndex(bool fahrenheit = true) {
    return computeHeatIndex(readTemperature(fahrenheit), readHumidity(), fahrenheit);
  }

  // The US National Weather Service's heat index: Steadman's simple formula, and its Rothfusz
  // regression (with the NWS's two adjustments) where that gives 80 F or more.
  float computeHeatIndex(float temperature, float humidity, bool isFahrenheit = true) {
    float t = isFahrenheit ? temperature : convertCtoF(temperature);
    float index = 0.5f * (t + 61.0f + (t - 68.0f) * 1.2f + humidity * 0.094f);
    if ((index + t) / 2 >= 80) {
      index = -42.379f + 2.04901523f * t + 10.14333127f * humidity - 0.22475541f * t * humidity -
              0.00683783f * t * t - 0.05481717f * humidity * humidity + 0.00122874f * t * t * humidity +
              0.00085282f * t * humidity * humidity - 0.00000199f * t * t * humidity * humidity;
      if (humidity < 13 && t >= 80 && t <= 112) {
        index -= ((13 - humidity) / 4) * sqrt((17 - fabs(t - 95.0f)) / 17);
      } else if (humidity > 85 && t >= 80 && t <= 87) {
        index += ((humidity - 85) / 10) * ((87 - t) / 5);
      }
    }
    return isFahrenheit ? index : convertFtoC(index);
  }

  // Reads the sensor, or keeps the last reading if it was asked less than 2 s ago (it cannot answer
  // more often). True when the reading is good.
  bool read(bool force = false) {
    unsigned long now = millis();
    if (!force && now - lastReadMs_ < MIN_INTERVAL_MS) return ok_;
    lastReadMs_ = now;
    ok_ = false;
    for (uint8_t i = 0; i < 5; i++) data_[i] = 0;

    // Start signal: low long enough for this type, then let go (the pull-up takes the line high).
    digitalWrite(pin_, LOW);
    pinMode(pin_, OUTPUT);
    if (type_ == DHT11 || type_ == DHT12) {
      delay(20);
    } else {
      delayMicroseconds(1100);
    }

    bool answered;
    {
      uint8_t saved = SREG;
      cli();
      pinMode(pin_, INPUT_PULLUP);
      // The sensor pulls the line low 20-40 us later, holds it 80 us, then high 80 us.
      answered = waitWhile(HIGH) != TIMEOUT && waitWhile(LOW) != TIMEOUT && waitWhile(HIGH) != TIMEOUT;
      // Each bit: the short work between one bit and the next fits in the next bit's 50 us low.
      for (uint8_t i = 0; answered && i < 40; i++) {
        uint16_t low = waitWhile(LOW);
        uint16_t high = waitWhile(HIGH);
        if (low == TIMEOUT || high == TIMEOUT) answered = false;
        data_[i / 8] = (uint8_t)((data_[i / 8] << 1) | (high > low ? 1 : 0));
      }
      SREG = saved;
    }
    if (!answered) return false;
    ok_ = data_[4] == (uint8_t)(data_[0] + data_[1] + data_[2] + data_[3]);
    return ok_;
  }

 private:
  static const unsigned long MIN_INTERVAL_MS = 2000;
  static const uint16_t TIMEOUT = 0xFFFF;

  // Loop turns while the line stays at `level`, or TIMEOUT when it stays there far longer (about a
  // millisecond) than any part of the answer lasts.
  uint16_t waitWhile(uint8_t level) {
    volatile uint8_t *input = portInputRegister(digitalPinToPort(pin_));
    uint8_t mask = digitalPinToBitMask(pin_);
    uint8_t expected = level ? mask : 0;
    uint16_t turns = 0;
    while ((*input & mask) == expected) {
      if (++turns >= F_CPU / 16000UL) return TIMEOUT;
    }
    return turns;
  }

  uint8_t pin_;
  uint8_t type_;
  unsigned long lastReadMs_;
  bool ok_;
  uint8_t data_[5];
};

#endif
