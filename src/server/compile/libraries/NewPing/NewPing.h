// NewPing: RoboForge's own implementation of the NewPing library's public ping API for the HC-SR04
// (NewPing sonar(trigger, echo[, max_cm]); ping(), ping_cm(), ping_in(), ping_median(), convert_cm(),
// convert_in(), and the constants US_ROUNDTRIP_CM, US_ROUNDTRIP_IN, NO_ECHO, MAX_SENSOR_DISTANCE,
// PING_MEDIAN_DELAY), written from its documentation for learners' sketches compiled by the RoboForge
// compile service. Header-only: the sketch is the one file that includes it.
//
// A ping: TRIG low for 4 us, high for 10 us, then the time ECHO stays high, in microseconds; 0 (NO_ECHO)
// when nothing answers within the maximum distance. Distances use NewPing's documented round trip of
// 57 us per cm (146 per inch), rounded to the nearest whole unit, at least 1 when there was an echo.
// The timer-interrupt functions (ping_timer(), check_timer(), timer_us(), timer_ms(), timer_stop())
// are not here: they take over Timer2, which tone() needs.
#ifndef ROBOFORGE_NEWPING_H
#define ROBOFORGE_NEWPING_H

#include <Arduino.h>

#define MAX_SENSOR_DISTANCE 500
#define US_ROUNDTRIP_CM 57
#define US_ROUNDTRIP_IN 146
#define NO_ECHO 0
#define PING_MEDIAN_DELAY 29000
// The longest the module takes to start its echo after the trigger.
#define MAX_SENSOR_DELAY 5800

#define NewPingConvert(echoTime, conversionFactor) \
  ((unsigned long)max((((unsigned long)(echoTime) + (conversionFactor) / 2) / (conversionFactor)), ((echoTime) ? 1UL : 0UL)))

class NewPing {
 public:
  NewPing(uint8_t trigger_pin, uint8_t echo_pin, unsigned int max_cm_distance = MAX_SENSOR_DISTANCE)
      : trigger_(trigger_pin), echo_(echo_pin), maxCm_(capped(max_cm_distance)) {
    pinMode(trigger_, OUTPUT);
    digitalWrite(trigger_, LOW);
    pinMode(echo_, INPUT);
  }

  // The echo's length in microseconds, or NO_ECHO beyond `max_cm_distance` (the constructor's when 0).
  unsigned long ping(unsigned int max_cm_distance = 0) {
    unsigned long maxEcho = (unsigned long)(max_cm_distance ? capped(max_cm_distance) : maxCm_) * US_ROUNDTRIP_CM +
                            US_ROUNDTRIP_CM / 2;
    digitalWrite(trigger_, LOW);
    delayMicroseconds(4);
    digitalWrite(trigger_, HIGH);
    delayMicroseconds(10);
    digitalWrite(trigger_, LOW);
    unsigned long echo = pulseIn(echo_, HIGH, maxEcho + MAX_SENSOR_DELAY);
    return echo > maxEcho ? NO_ECHO : echo;
  }

  unsigned long ping_cm(unsigned int max_cm_distance = 0) { return convert_cm(ping(max_cm_distance)); }
  unsigned long ping_in(unsigned int max_cm_distance = 0) { return convert_in(ping(max_cm_distance)); }

  // The median echo of `iterations` pings (at most 255), PING_MEDIAN_DELAY apart; pings with no echo
  // are left out, and NO_ECHO when none answered.
  unsigned long ping_median(uint8_t iterations = 5, unsigned int max_cm_distance = 0) {
    if (iterations == 0) iterations = 1;
    unsigned long echoes[iterations];
    uint8_t found = 0;
    for (uint8_t i = 0; i < iterations; i++) {
      unsigned long started = micros();
      unsigned long echo = ping(max_cm_distance);
      if (echo != NO_ECHO) {
        uint8_t at = found++;
        // Kept in order as they come: insertion sort.
        while (at > 0 && echoes[at - 1] > echo) {
          echoes[at] = echoes[at - 1];
          at--;
        }
        echoes[at] = echo;
      }
      if (i + 1 < iterations) {
        unsigned long spent = micros() - started;
        if (spent < PING_MEDIAN_DELAY) delay((PING_MEDIAN_DELAY - spent + 999) / 1000);
      }
    }
    return found == 0 ? NO_ECHO : echoes[found / 2];
  }

  static unsigned long convert_cm(unsigned long echoTime) { return NewPingConvert(echoTime, US_ROUNDTRIP_CM); }
  static unsigned long convert_in(unsigned long echoTime) { return NewPingConvert(echoTime, US_ROUNDTRIP_IN); }

 private:
  static unsigned int capped(unsigned int cm) { return cm > MAX_SENSOR_DISTANCE ? MAX_SENSOR_DISTANCE : cm; }

  uint8_t trigger_;
  uint8_t echo_;
  unsigned int maxCm_;
};

#endif
