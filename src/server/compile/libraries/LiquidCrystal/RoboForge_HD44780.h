// The HD44780 character LCD's instructions, shared by RoboForge's LiquidCrystal (the LCD on the
// Arduino's pins) and LiquidCrystal_I2C (the LCD behind a PCF8574 backpack), written from the Hitachi
// HD44780U datasheet. Each library says how a byte reaches the LCD (`latch`); everything a sketch
// calls is here once. Header-only.
#ifndef ROBOFORGE_HD44780_H
#define ROBOFORGE_HD44780_H

#include <Arduino.h>
#include <Print.h>

#define LCD_CLEARDISPLAY 0x01
#define LCD_RETURNHOME 0x02
#define LCD_ENTRYMODESET 0x04
#define LCD_DISPLAYCONTROL 0x08
#define LCD_CURSORSHIFT 0x10
#define LCD_FUNCTIONSET 0x20
#define LCD_SETCGRAMADDR 0x40
#define LCD_SETDDRAMADDR 0x80

#define LCD_ENTRYRIGHT 0x00
#define LCD_ENTRYLEFT 0x02
#define LCD_ENTRYSHIFTINCREMENT 0x01
#define LCD_ENTRYSHIFTDECREMENT 0x00
#define LCD_DISPLAYON 0x04
#define LCD_DISPLAYOFF 0x00
#define LCD_CURSORON 0x02
#define LCD_CURSOROFF 0x00
#define LCD_BLINKON 0x01
#define LCD_BLINKOFF 0x00
#define LCD_DISPLAYMOVE 0x08
#define LCD_CURSORMOVE 0x00
#define LCD_MOVERIGHT 0x04
#define LCD_MOVELEFT 0x00
#define LCD_8BITMODE 0x10
#define LCD_4BITMODE 0x00
#define LCD_2LINE 0x08
#define LCD_1LINE 0x00
#define LCD_5x10DOTS 0x04
#define LCD_5x8DOTS 0x00

class RoboForge_HD44780 : public Print {
 public:
  void clear() {
    command(LCD_CLEARDISPLAY);
    delayMicroseconds(2000);
  }
  void home() {
    command(LCD_RETURNHOME);
    delayMicroseconds(2000);
  }
  void setCursor(uint8_t column, uint8_t row) {
    if (row >= rows_) row = rows_ - 1;
    if (row > 3) row = 3;
    command(LCD_SETDDRAMADDR | (column + rowOffsets_[row]));
  }
  // Where each row starts in the LCD's memory (0x00, 0x40, then a 16- or 20-column display's rows 3 and 4).
  void setRowOffsets(int row0, int row1, int row2, int row3) {
    rowOffsets_[0] = row0;
    rowOffsets_[1] = row1;
    rowOffsets_[2] = row2;
    rowOffsets_[3] = row3;
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

  // One of 8 characters of your own (0-7), 5x8 dots: each byte is a row, its low 5 bits the dots.
  void createChar(uint8_t location, const uint8_t charmap[]) {
    location &= 0x7;
    command(LCD_SETCGRAMADDR | (location << 3));
    for (uint8_t i = 0; i < 8; i++) write(charmap[i]);
    command(LCD_SETDDRAMADDR);  // back to the text, as the HD44780 writes CGRAM until told otherwise
  }

  // An instruction of the datasheet's, sent as it is.
  void command(uint8_t value) { send(value, false); }

  virtual size_t write(uint8_t value) {
    send(value, true);
    return 1;
  }
  using Print::write;

 protected:
  RoboForge_HD44780() : control_(LCD_DISPLAYON), entry_(LCD_ENTRYLEFT), rows_(1), eightBit_(false) {
    setRowOffsets(0x00, 0x40, 0x14, 0x54);
  }

  // Puts `bits` on the data lines with RS set for a character, and lets E fall so the LCD takes them;
  // in 4-bit mode only the upper four bits are wired (D4-D7).
  virtual void latch(uint8_t bits, bool character) = 0;

  // Into 4- or 8-bit mode and a clean screen, the datasheet's "Initializing by instruction".
  void initialize(uint8_t rows, uint8_t charsize, bool eightBit) {
    rows_ = rows;
    eightBit_ = eightBit;
    latch(0x30, false);
    delayMicroseconds(4500);
    latch(0x30, false);
    delayMicroseconds(4500);
    latch(0x30, false);
    delayMicroseconds(150);
    if (!eightBit) latch(0x20, false);
    command(LCD_FUNCTIONSET | (eightBit ? LCD_8BITMODE : LCD_4BITMODE) |
            (rows > 1 ? LCD_2LINE : (charsize & LCD_5x10DOTS)));
    control_ = LCD_DISPLAYON;
    command(LCD_DISPLAYCONTROL | control_);
    clear();
    entry_ = LCD_ENTRYLEFT;
    command(LCD_ENTRYMODESET | entry_);
    home();
  }

 private:
  void send(uint8_t value, bool character) {
    if (eightBit_) {
      latch(value, character);
      return;
    }
    latch(value & 0xF0, character);
    latch((value << 4) & 0xF0, character);
  }
  void setEntry(uint8_t entry) {
    entry_ = entry;
    command(LCD_ENTRYMODESET | entry_);
  }
  void setControl(uint8_t control) {
    control_ = control;
    command(LCD_DISPLAYCONTROL | control_);
  }

  uint8_t control_;
  uint8_t entry_;
  uint8_t rows_;
  bool eightBit_;
  uint8_t rowOffsets_[4];
};

#endif
