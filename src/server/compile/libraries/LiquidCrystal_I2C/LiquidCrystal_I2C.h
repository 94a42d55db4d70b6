// LiquidCrystal_I2C: RoboForge's own implementation of the common API for 16x2 (and 20x4) HD44780
// character LCDs on a PCF8574 I2C backpack (init, begin, clear, home, setCursor, print through
// Print, backlight, noBacklight, display, noDisplay, cursor, noCursor, blink, noBlink, createChar,
// scrollDisplayLeft/Right, leftToRight/rightToLeft, autoscroll/noAutoscroll), written from the
// HD44780U and PCF8574 datasheets for learners' sketches compiled by the RoboForge compile service.
// Header-only.
//
// The backpack's eight outputs: P0 RS, P1 RW, P2 E, P3 the backlight, P4-P7 the LCD's D4-D7. The
// LCD runs in 4-bit mode: each byte goes as two halves, each latched when E falls.
#ifndef ROBOFORGE_LIQUIDCRYSTAL_I2C_H
#define ROBOFORGE_LIQUIDCRYSTAL_I2C_H

#include <Arduino.h>
#include <Print.h>
#include <Wire.h>

#define LCD_CLEARDISPLAY 0x01
#define LCD_RETURNHOME 0x02
#define LCD_ENTRYMODESET 0x04
#define LCD_DISPLAYCONTROL 0x08
#define LCD_CURSORSHIFT 0x10
#define LCD_FUNCTIONSET 0x20
#define LCD_SETCGRAMADDR 0x40
#define LCD_SETDDRAMADDR 0x80

#define LCD_ENTRYLEFT 0x02
#define LCD_ENTRYSHIFTINCREMENT 0x01
#define LCD_DISPLAYON 0x04
#define LCD_CURSORON 0x02
#define LCD_BLINKON 0x01
#define LCD_DISPLAYMOVE 0x08
#define LCD_MOVERIGHT 0x04
#define LCD_MOVELEFT 0x00
#define LCD_2LINE 0x08
#define LCD_5x10DOTS 0x04
#define LCD_5x8DOTS 0x00
#define LCD_BACKLIGHT 0x08
#define LCD_NOBACKLIGHT 0x00

class LiquidCrystal_I2C : public Print {
 public:
  LiquidCrystal_I2C(uint8_t address, uint8_t columns, uint8_t rows)
      : address_(address),
        columns_(columns),
        rows_(rows),
        backlight_(LCD_BACKLIGHT),
        control_(LCD_DISPLAYON),
        entry_(LCD_ENTRYLEFT) {}

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
    // Into 4-bit mode: 0x3 three times, then 0x2 (HD44780U, "Initializing by instruction").
    writeHalf(0x30);
    delayMicroseconds(4500);
    writeHalf(0x30);
    delayMicroseconds(4500);
    writeHalf(0x30);
    delayMicroseconds(150);
    writeHalf(0x20);
    command(LCD_FUNCTIONSET | (rows > 1 ? LCD_2LINE : (charsize & LCD_5x10DOTS)));
    control_ = LCD_DISPLAYON;
    command(LCD_DISPLAYCONTROL | control_);
    clear();
    entry_ = LCD_ENTRYLEFT;
    command(LCD_ENTRYMODESET | entry_);
    home();
  }

  void clear() {
    command(LCD_CLEARDISPLAY);
    delayMicroseconds(2000);
  }
  void home() {
    command(LCD_RETURNHOME);
    delayMicroseconds(2000);
  }
  void setCursor(uint8_t column, uint8_t row) {
    static const uint8_t starts[] = {0x00, 0x40, 0x14, 0x54};
    if (row >= rows_) row = rows_ - 1;
    if (row > 3) row = 3;
    command(LCD_SETDDRAMADDR | (column + starts[row]));
  }

  void display() { setControl(control_ | LCD_DISPLAYON); }
  void noDisplay() { setControl(control_ & ~LCD_DISPLAYON); }
  void cursor() { setControl(control_ | LCD_CURSORON); }
  void noCursor() { setControl(control_ & ~LCD_CURSORON); }
  void blink() { setControl(control_ | LCD_BLINKON); }
  void noBlink() { setControl(control_ & ~LCD_BLINKON); }
  void scrollDisplayLeft() { command(LCD_CURSORSHIFT | LCD_DISPLAYMOVE | LCD_MOVELEFT); }
  void scrollDisplayRight() { command(LCD_CURSORSHIFT | LCD_DISPLAYMOVE | LCD_MOVERIGHT); }
  void leftToRight() { setEntry(entry_ | LCD_ENTRYLEFT); }
  void rightToLeft() { setEntry(entry_ & ~LCD_ENTRYLEFT); }
  // Each new character moves the text instead of the cursor.
  void autoscroll() { setEntry(entry_ | LCD_ENTRYSHIFTINCREMENT); }
  void noAutoscroll() { setEntry(entry_ & ~LCD_ENTRYSHIFTINCREMENT); }

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

  // One of 8 characters of your own (0-7), 5x8 dots: each byte is a row, its low 5 bits the dots.
  void createChar(uint8_t location, const uint8_t charmap[]) {
    location &= 0x7;
    command(LCD_SETCGRAMADDR | (location << 3));
    for (uint8_t i = 0; i < 8; i++) write(charmap[i]);
    command(LCD_SETDDRAMADDR);  // back to the text, as the HD44780 writes CGRAM until told otherwise
  }

  virtual size_t write(uint8_t value) {
    send(value, 0x01);
    return 1;
  }
  using Print::write;

 private:
  void setEntry(uint8_t entry) {
    entry_ = entry;
    command(LCD_ENTRYMODESET | entry_);
  }
  void setControl(uint8_t control) {
    control_ = control;
    command(LCD_DISPLAYCONTROL | control_);
  }
  void command(uint8_t value) { send(value, 0); }
  void send(uint8_t value, uint8_t mode) {
    writeHalf((value & 0xF0) | mode);
    writeHalf(((value << 4) & 0xF0) | mode);
  }
  void writeHalf(uint8_t bits) {
    expanderWrite(bits | 0x04);  // E high
    delayMicroseconds(1);
    expanderWrite(bits & ~0x04);  // E falls: the LCD takes these four bits
    delayMicroseconds(50);
  }
  void expanderWrite(uint8_t bits) {
    Wire.beginTransmission(address_);
    Wire.write((uint8_t)(bits | backlight_));
    Wire.endTransmission();
  }

  uint8_t address_;
  uint8_t columns_;
  uint8_t rows_;
  uint8_t backlight_;
  uint8_t control_;
  uint8_t entry_;
};

#endif
