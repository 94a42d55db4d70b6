// LiquidCrystal_I2C: RoboForge's own implementation of the common API for 16x2 (and 20x4) HD44780
// character LCDs on a PCF8574 I2C backpack (init, begin, clear, home, setCursor, print through
// Print, backlight, noBacklight, display, noDisplay, cursor, noCursor, blink, noBlink, createChar,
// scrollDisplayLeft/Right, leftToRight/rightToLeft, autoscroll/noAutoscroll), written from the
// HD44780U and PCF8574 datasheets for learners' sketches compiled by the RoboForge compile service.
// Header-only.
//
// The backpack's eight outputs: P0 RS, P1 RW, P2 E, P3 the backlight, P4-P7 the LCD's D4-D7. The
// LCD runs in 4-bit mode: each byte goes as two halves, each latched when E falls. The instructions
// themselves are RoboForge_HD44780.h's, shared with LiquidCrystal.
#ifndef ROBOFORGE_LIQUIDCRYSTAL_I2C_H
#define ROBOFORGE_LIQUIDCRYSTAL_I2C_H

#include <Arduino.h>
#include <RoboForge_HD44780.h>
#include <Wire.h>

#define LCD_BACKLIGHT 0x08
#define LCD_NOBACKLIGHT 0x00

class LiquidCrystal_I2C : public RoboForge_HD44780 {
 public:
  LiquidCrystal_I2C(uint8_t address, uint8_t columns, uint8_t rows)
      : address_(address), columns_(columns), rows_(rows), backlight_(LCD_BACKLIGHT) {}

  void init() { begin(columns_, rows_); }

  // begin() with no sizes (as in some versions of the library) keeps the constructor's.
  void begin() { begin(columns_, rows_); }

  // `charsize` LCD_5x10DOTS only matters for one-row displays with tall characters.
  void begin(uint8_t columns, uint8_t rows, uint8_t charsize = LCD_5x8DOTS) {
    columns_ = columns;
    rows_ = rows;
    Wire.begin();
    delay(50);  // the LCD needs 40 ms after power-on
    expanderWrite(0);
    initialize(rows, charsize, false);
  }

  // The older names some examples use.
  void cursor_on() { cursor(); }
  void cursor_off() { noCursor(); }
  void blink_on() { blink(); }
  void blink_off() { noBlink(); }
  void load_custom_character(uint8_t location, uint8_t *charmap) { createChar(location, charmap); }
  void printstr(const char *text) { print(text); }

  void backlight() {
    backlight_ = LCD_BACKLIGHT;
    expanderWrite(0);
  }
  void noBacklight() {
    backlight_ = LCD_NOBACKLIGHT;
    expanderWrite(0);
  }
  void setBacklight(uint8_t on) {
    if (on) backlight();
    else noBacklight();
  }

 protected:
  // Four bits on P4-P7 with RS on P0, latched when E (P2) falls.
  virtual void latch(uint8_t bits, bool character) {
    uint8_t out = (bits & 0xF0) | (character ? 0x01 : 0x00);
    expanderWrite(out | 0x04);  // E high
    delayMicroseconds(1);
    expanderWrite(out & ~0x04);  // E falls: the LCD takes these four bits
    delayMicroseconds(50);
  }

 private:
  void expanderWrite(uint8_t bits) {
    Wire.beginTransmission(address_);
    Wire.write((uint8_t)(bits | backlight_));
    Wire.endTransmission();
  }

  uint8_t address_;
  uint8_t columns_;
  uint8_t rows_;
  uint8_t backlight_;
};

#endif
