// Stepper: RoboForge's own implementation of the Arduino Stepper library's public API (Stepper(steps,
// pin1, pin2) and Stepper(steps, pin1, pin2, pin3, pin4), setSpeed(rpm), step(n), version()), written
// from its documented control sequences for learners' sketches compiled by the RoboForge compile
// service. Header-only: the sketch is the one file that includes it.
//
// Four wires: each step moves to the next of four patterns on pins 1-4 (1010, 0110, 0101, 1001),
// two coils on at a time; negative steps go through them backwards. Two wires: 01, 11, 10, 00.
// step() waits between steps for 60 s / (steps per turn x rpm), so it returns only when the motor has
// made them all, as the Arduino library does.
//
// The 28BYJ-48 on a ULN2003 board: the pattern order means the pins are given as IN1, IN3, IN2, IN4,
// e.g. Stepper motor(2048, 8, 10, 9, 11) for IN1-IN4 on pins 8-11, 2048 steps a turn.
#ifndef ROBOFORGE_STEPPER_H
#define ROBOFORGE_STEPPER_H

#include <Arduino.h>

class Stepper {
 public:
  Stepper(int numberOfSteps, int pin1, int pin2)
      : stepsPerTurn_(numberOfSteps), pinCount_(2), index_(0), stepMicros_(0), lastStepMicros_(0) {
    pins_[0] = (uint8_t)pin1;
    pins_[1] = (uint8_t)pin2;
    pins_[2] = pins_[3] = 0;
    setUpPins();
  }

  Stepper(int numberOfSteps, int pin1, int pin2, int pin3, int pin4)
      : stepsPerTurn_(numberOfSteps), pinCount_(4), index_(0), stepMicros_(0), lastStepMicros_(0) {
    pins_[0] = (uint8_t)pin1;
    pins_[1] = (uint8_t)pin2;
    pins_[2] = (uint8_t)pin3;
    pins_[3] = (uint8_t)pin4;
    setUpPins();
  }

  // Revolutions per minute for the steps that follow.
  void setSpeed(long rpm) {
    if (rpm <= 0 || stepsPerTurn_ <= 0) return;
    stepMicros_ = 60UL * 1000UL * 1000UL / (unsigned long)stepsPerTurn_ / (unsigned long)rpm;
  }

  // Turns `count` steps (negative: the other way) at the set speed; returns when done.
  void step(int count) {
    bool forward = count > 0;
    unsigned int left = forward ? (unsigned int)count : (unsigned int)(-(long)count);
    while (left > 0) {
      unsigned long now = micros();
      if (now - lastStepMicros_ < stepMicros_) continue;
      lastStepMicros_ = now;
      index_ = (uint8_t)((index_ + (forward ? 1 : 3)) % 4);
      applyPattern();
      left--;
    }
  }

  int version() { return 5; }

 private:
  void setUpPins() {
    for (uint8_t i = 0; i < pinCount_; i++) pinMode(pins_[i], OUTPUT);
  }

  void applyPattern() {
    // Bit 3 is pin 1 (or, with two wires, bit 1 is pin 1).
    static const uint8_t FOUR_WIRE[4] = {0b1010, 0b0110, 0b0101, 0b1001};
    static const uint8_t TWO_WIRE[4] = {0b01, 0b11, 0b10, 0b00};
    uint8_t pattern = pinCount_ == 4 ? FOUR_WIRE[index_] : TWO_WIRE[index_];
    for (uint8_t i = 0; i < pinCount_; i++) {
      digitalWrite(pins_[i], (pattern >> (pinCount_ - 1 - i)) & 1 ? HIGH : LOW);
    }
  }

  int stepsPerTurn_;
  uint8_t pinCount_;
  uint8_t pins_[4];
  uint8_t index_;
  unsigned long stepMicros_;
  unsigned long lastStepMicros_;
};

#endif
