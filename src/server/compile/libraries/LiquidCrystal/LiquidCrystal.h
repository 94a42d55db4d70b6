// LiquidCrystal: RoboForge's own implementation of the Arduino LiquidCrystal library's public API for
// HD44780 character LCDs wired to the Arduino's pins, as the Arduino Starter Kit and SparkFun's guides
// wire them: LiquidCrystal(rs, enable, d4, d5, d6, d7), with rw, or with d0-d7 (8-bit mode); begin,
// clear, home, setCursor, print through Print, write, cursor/noCursor, blink/noBlink,
// display/noDisplay, scrollDisplayLeft/Right, autoscroll/noAutoscroll, leftToRight/rightToLeft,
// createChar, setRowOffsets and command. Written from the Hitachi HD44780U datasheet and the library's
// documentation for learners' sketches compiled by the RoboForge compile service. Header-only.
//
// Each byte goes on the data pins with RS high for a character (low for an instruction), and the LCD
// takes it when E falls: in 4-bit mode as two halves on D4-D7, high half first. RW, when wired, is
// held low (writing): nothing is read back from the LCD, so it waits the datasheet's times instead.
#ifndef ROBOFORGE_LIQUIDCRYSTAL_H
#define ROBOFORGE_LIQUIDCRYSTAL_H

#include <Arduino.h>
#include <RoboForge_HD44780.h>

class LiquidCrystal : public RoboForge_HD44780 {
 public:
  LiquidCrystal(uint8_t rs, uint8_t enable, uint8_t d4, uint8_t d5, uint8_t d6, uint8_t d7) {
    wire(rs, 255, enable, false, 0, 0, 0, 0, d4, d5, d6, d7);
  }
  LiquidCrystal(uint8_t rs, uint8_t rw, uint8_t enable, uint8_t d4, uint8_t d5, uint8_t d6, uint8_t d7) {
    wire(rs, rw, enable, false, 0, 0, 0, 0, d4, d5, d6, d7);
  }
  LiquidCrystal(uint8_t rs, uint8_t enable, uint8_t d0, uint8_t d1, uint8_t d2, uint8_t d3, uint8_t d4, uint8_t d5,
                uint8_t d6, uint8_t d7) {
    wire(rs, 255, enable, true, d0, d1, d2, d3, d4, d5, d6, d7);
  }
  LiquidCrystal(uint8_t rs, uint8_t rw, uint8_t enable, uint8_t d0, uint8_t d1, uint8_t d2, uint8_t d3, uint8_t d4,
                uint8_t d5, uint8_t d6, uint8_t d7) {
    wire(rs, rw, enable, true, d0, d1, d2, d3, d4, d5, d6, d7);
  }

  // `charsize` LCD_5x10DOTS only matters for one-row displays with tall characters.
  void begin(uint8_t columns, uint8_t rows, uint8_t charsize = LCD_5x8DOTS) {
    setRowOffsets(0x00, 0x40, 0x00 + columns, 0x40 + columns);
    pinMode(rs_, OUTPUT);
    if (rw_ != 255) {
      pinMode(rw_, OUTPUT);
      digitalWrite(rw_, LOW);
    }
    pinMode(enable_, OUTPUT);
    for (uint8_t i = eightBitWiring_ ? 0 : 4; i < 8; i++) pinMode(data_[i], OUTPUT);
    delay(50);  // the LCD needs 40 ms after power-on
    digitalWrite(rs_, LOW);
    digitalWrite(enable_, LOW);
    initialize(rows, charsize, eightBitWiring_);
  }

 protected:
  virtual void latch(uint8_t bits, bool character) {
    digitalWrite(rs_, character ? HIGH : LOW);
    // 8-bit mode: D0-D7 are bits 0-7; 4-bit mode: D4-D7 take bits 4-7.
    for (uint8_t i = eightBitWiring_ ? 0 : 4; i < 8; i++) digitalWrite(data_[i], (bits >> i) & 0x01);
    digitalWrite(enable_, HIGH);
    delayMicroseconds(1);  // E high for at least 450 ns
    digitalWrite(enable_, LOW);
    delayMicroseconds(100);  // an instruction takes 37 us
  }

 private:
  void wire(uint8_t rs, uint8_t rw, uint8_t enable, bool eightBit, uint8_t d0, uint8_t d1, uint8_t d2, uint8_t d3,
            uint8_t d4, uint8_t d5, uint8_t d6, uint8_t d7) {
    rs_ = rs;
    rw_ = rw;
    enable_ = enable;
    eightBitWiring_ = eightBit;
    data_[0] = d0;
    data_[1] = d1;
    data_[2] = d2;
    data_[3] = d3;
    data_[4] = d4;
    data_[5] = d5;
    data_[6] = d6;
    data_[7] = d7;
  }

  uint8_t rs_;
  uint8_t rw_;
  uint8_t enable_;
  bool eightBitWiring_;
  uint8_t data_[8];
};

#endif
