// Servo: RoboForge's own implementation of the Arduino Servo library's public API (attach, write,
// writeMicroseconds, read, readMicroseconds, attached, detach), written for learners' sketches
// compiled by the RoboForge compile service. Header-only: the sketch is the one file that includes it.
//
// How it works (from the servo datasheets' 50 Hz, 1-2 ms pulse): Timer1 counts in half-microseconds
// (prescaler 8 at 16 MHz); its compare-match interrupt raises each attached servo's pin in turn for
// its pulse, one after another, then waits out the rest of the 20 ms frame. Like the Arduino
// library, this takes Timer1, so analogWrite() on pins 9 and 10 stops working once a servo is attached.
#ifndef ROBOFORGE_SERVO_H
#define ROBOFORGE_SERVO_H

#include <Arduino.h>
#include <avr/interrupt.h>

#define MIN_PULSE_WIDTH 544
#define MAX_PULSE_WIDTH 2400
#define DEFAULT_PULSE_WIDTH 1500
#define REFRESH_INTERVAL 20000
#define MAX_SERVOS 12
#define INVALID_SERVO 255

namespace roboforge_servo {

struct Channel {
  uint8_t pin;
  volatile uint16_t ticks;  // pulse width in Timer1 ticks (0.5 us)
  volatile bool active;
};

inline Channel *channels() {
  static Channel list[MAX_SERVOS];
  return list;
}
inline uint8_t &channelCount() {
  static uint8_t count = 0;
  return count;
}
inline volatile int8_t &currentChannel() {
  static volatile int8_t current = -1;
  return current;
}
inline bool &timerStarted() {
  static bool started = false;
  return started;
}

inline uint16_t usToTicks(unsigned int us) { return (uint16_t)(us * (F_CPU / 1000000L) / 8); }
inline unsigned int ticksToUs(uint16_t ticks) { return (unsigned int)(((unsigned long)ticks * 8) / (F_CPU / 1000000L)); }

inline void startTimer() {
  if (timerStarted()) return;
  timerStarted() = true;
  uint8_t saved = SREG;
  cli();
  TCCR1A = 0;           // normal counting, no PWM on pins 9 and 10
  TCCR1B = _BV(CS11);   // prescaler 8: 0.5 us per tick
  TCNT1 = 0;
  OCR1A = usToTicks(100);
  TIFR1 = _BV(OCF1A);   // no stale match
  TIMSK1 |= _BV(OCIE1A);
  SREG = saved;
}

}  // namespace roboforge_servo

ISR(TIMER1_COMPA_vect) {
  using namespace roboforge_servo;
  Channel *list = channels();
  volatile int8_t &current = currentChannel();
  if (current < 0) {
    TCNT1 = 0;  // a new 20 ms frame starts
  } else if (current < channelCount() && list[current].active) {
    digitalWrite(list[current].pin, LOW);  // this servo's pulse ends
  }
  current++;
  if (current < channelCount()) {
    OCR1A = TCNT1 + list[current].ticks;
    if (list[current].active) digitalWrite(list[current].pin, HIGH);
  } else {
    // Every pulse sent: wait for the rest of the frame (or a moment, if the pulses took it all).
    uint16_t frame = usToTicks(REFRESH_INTERVAL);
    OCR1A = (uint16_t)(TCNT1 + 8) < frame ? frame : (uint16_t)(TCNT1 + 8);
    current = -1;
  }
}

class Servo {
 public:
  Servo() : index_(INVALID_SERVO), min_(MIN_PULSE_WIDTH), max_(MAX_PULSE_WIDTH) {
    uint8_t &count = roboforge_servo::channelCount();
    if (count < MAX_SERVOS) {
      index_ = count++;
      roboforge_servo::channels()[index_].ticks = roboforge_servo::usToTicks(DEFAULT_PULSE_WIDTH);
      roboforge_servo::channels()[index_].active = false;
    }
  }

  uint8_t attach(int pin) { return attach(pin, MIN_PULSE_WIDTH, MAX_PULSE_WIDTH); }

  uint8_t attach(int pin, int min, int max) {
    if (index_ == INVALID_SERVO) return INVALID_SERVO;
    pinMode(pin, OUTPUT);
    digitalWrite(pin, LOW);
    min_ = min;
    max_ = max;
    roboforge_servo::channels()[index_].pin = (uint8_t)pin;
    roboforge_servo::channels()[index_].active = true;
    roboforge_servo::startTimer();
    return index_;
  }

  // Stops the pulses (ending one that is under way: the pin is left low); the servo goes limp.
  void detach() {
    if (index_ == INVALID_SERVO || !attached()) return;
    uint8_t saved = SREG;
    cli();
    roboforge_servo::channels()[index_].active = false;
    digitalWrite(roboforge_servo::channels()[index_].pin, LOW);
    SREG = saved;
  }

  // 0 to 180 is an angle; a larger value is taken as a pulse width in microseconds, as the Arduino library does.
  void write(int value) {
    if (value < MIN_PULSE_WIDTH) {
      value = constrain(value, 0, 180);
      value = map(value, 0, 180, min_, max_);
    }
    writeMicroseconds(value);
  }

  void writeMicroseconds(int value) {
    if (index_ == INVALID_SERVO) return;
    value = constrain(value, min_, max_);
    uint16_t ticks = roboforge_servo::usToTicks((unsigned int)value);
    uint8_t saved = SREG;
    cli();
    roboforge_servo::channels()[index_].ticks = ticks;
    SREG = saved;
  }

  int read() { return map(readMicroseconds() + 1, min_, max_, 0, 180); }

  int readMicroseconds() {
    if (index_ == INVALID_SERVO) return 0;
    return (int)roboforge_servo::ticksToUs(roboforge_servo::channels()[index_].ticks);
  }

  bool attached() { return index_ != INVALID_SERVO && roboforge_servo::channels()[index_].active; }

 private:
  uint8_t index_;
  int min_;
  int max_;
};

#endif
