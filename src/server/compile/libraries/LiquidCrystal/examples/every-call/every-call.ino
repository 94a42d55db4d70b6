// Every public function of LiquidCrystal once, with each of its four wirings.
#include <LiquidCrystal.h>

LiquidCrystal fourBit(12, 11, 5, 4, 3, 2);
LiquidCrystal fourBitRw(12, 10, 11, 5, 4, 3, 2);
LiquidCrystal eightBit(12, 11, 9, 8, 7, 6, 5, 4, 3, 2);
LiquidCrystal eightBitRw(12, 10, 11, 9, 8, 7, 6, 5, 4, 3, 2);

byte heart[8] = {0b00000, 0b01010, 0b11111, 0b11111, 0b01110, 0b00100, 0b00000, 0b00000};

void setup() {
  fourBitRw.begin(16, 2);
  eightBit.begin(20, 4);
  eightBitRw.begin(16, 1, LCD_5x10DOTS);
  fourBit.begin(16, 2);
  fourBit.createChar(0, heart);
  fourBit.clear();
  fourBit.home();
  fourBit.setCursor(3, 1);
  fourBit.print("hi ");
  fourBit.write(byte(0));
  fourBit.write('!');
  fourBit.cursor();
  fourBit.noCursor();
  fourBit.blink();
  fourBit.noBlink();
  fourBit.noDisplay();
  fourBit.display();
  fourBit.scrollDisplayLeft();
  fourBit.scrollDisplayRight();
  fourBit.rightToLeft();
  fourBit.leftToRight();
  fourBit.autoscroll();
  fourBit.noAutoscroll();
  fourBit.setRowOffsets(0x00, 0x40, 0x10, 0x50);
  fourBit.command(LCD_RETURNHOME);
}

void loop() {}
