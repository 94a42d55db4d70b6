// CapacitiveSensor: RoboForge's own implementation of the CapacitiveSensor library's public API
// (CapacitiveSensor(sendPin, receivePin), capacitiveSensor(samples), capacitiveSensorRaw(samples),
// set_CS_Timeout_Millis(), reset_CS_AutoCal(), set_CS_AutocaL_Millis()), written from its documentation
// for learners' sketches compiled by the RoboForge compile service: the Arduino Starter Kit's touch
// lamp. Header-only.
//
// A high-value resistor joins the send pin to the receive pin, and the receive pin to a piece of foil.
// For each sample the send pin goes high, and the time the receive pin takes to follow (a hand near
// the foil adds capacitance, so it takes longer) is counted, then again as it goes low. The raw reading
// is the sum of the counts; capacitiveSensor() takes away the lowest reading seen lately (the baseline,
// recalibrated every set_CS_AutocaL_Millis(), 20 s by default). -2 means the receive pin never
// followed within set_CS_Timeout_Millis() (2 s by default): check the resistor.
#ifndef ROBOFORGE_CAPACITIVESENSOR_H
#define ROBOFORGE_CAPACITIVESENSOR_H

#include <Arduino.h>

class CapacitiveSensor {
 public:
  CapacitiveSensor(uint8_t sendPin, uint8_t receivePin)
      : send_(sendPin),
        receive_(receivePin),
        timeoutMillis_(2000),
        autoCalMillis_(20000),
        lastCalibration_(0),
        baseline_(0x0FFFFFFFL),
        started_(false) {}

  // The summed charge times of `samples` measurements, less the baseline; -2 on a time-out.
  long capacitiveSensor(uint8_t samples) {
    long total = capacitiveSensorRaw(samples);
    if (total < 0) return total;
    unsigned long now = millis();
    // Recalibrate now and then: only while the reading is near the baseline (nobody touching).
    if (autoCalMillis_ != 0xFFFFFFFFUL && now - lastCalibration_ > autoCalMillis_ &&
        labs(total - baseline_) < (long)(0.10 * (double)baseline_)) {
      baseline_ = 0x0FFFFFFFL;
      lastCalibration_ = now;
    }
    if (total < baseline_) baseline_ = total;
    return total - baseline_;
  }

  // The summed charge times of `samples` measurements; -2 when the receive pin never followed.
  long capacitiveSensorRaw(uint8_t samples) {
    start();
    if (samples == 0) return 0;
    long total = 0;
    for (uint8_t i = 0; i < samples; i++) {
      long counted = senseOnce();
      if (counted < 0) return -2;
      total += counted;
    }
    return total;
  }

  void set_CS_Timeout_Millis(unsigned long timeoutMillis) { timeoutMillis_ = timeoutMillis; }
  void reset_CS_AutoCal() { baseline_ = 0x0FFFFFFFL; }
  void set_CS_AutocaL_Millis(unsigned long autoCalMillis) { autoCalMillis_ = autoCalMillis; }

 private:
  void start() {
    if (started_) return;
    started_ = true;
    pinMode(send_, OUTPUT);
    digitalWrite(send_, LOW);
    pinMode(receive_, INPUT);
    lastCalibration_ = millis();
  }

  // One measurement: the loops the receive pin takes to follow the send pin up, then down.
  long senseOnce() {
    // Empty the receive pin first: drive it low for a moment, then let it float.
    digitalWrite(send_, LOW);
    pinMode(receive_, OUTPUT);
    digitalWrite(receive_, LOW);
    delayMicroseconds(10);
    pinMode(receive_, INPUT);
    unsigned long since = millis();
    long count = 0;
    digitalWrite(send_, HIGH);
    while (digitalRead(receive_) == LOW) {
      if (millis() - since > timeoutMillis_) return -1;
      count++;
    }
    // Charge it fully, then let it go and count it down.
    pinMode(receive_, OUTPUT);
    digitalWrite(receive_, HIGH);
    pinMode(receive_, INPUT);
    digitalWrite(receive_, LOW);  // no pull-up
    digitalWrite(send_, LOW);
    since = millis();
    while (digitalRead(receive_) == HIGH) {
      if (millis() - since > timeoutMillis_) return -1;
      count++;
    }
    return count;
  }

  uint8_t send_;
  uint8_t receive_;
  unsigned long timeoutMillis_;
  unsigned long autoCalMillis_;
  unsigned long lastCalibration_;
  long baseline_;
  bool started_;
};

#endif
