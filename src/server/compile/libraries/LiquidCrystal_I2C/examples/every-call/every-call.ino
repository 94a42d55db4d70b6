// Every call of our LiquidCrystal_I2C.h, for the compile test on each board.
#include <Wire.h>
#include <LiquidCrystal_I2C.h>

LiquidCrystal_I2C lcd(0x27, 16, 2);
LiquidCrystal_I2C big(0x3F, 20, 4);
uint8_t bell[8] = {0x04, 0x0e, 0x0e, 0x0e, 0x1f, 0x00, 0x04, 0x00};

void setup() {
  lcd.init();
  lcd.begin(16, 2);
  big.begin();
  big.begin(20, 4, LCD_5x8DOTS);
  lcd.backlight();
  lcd.noBacklight();
  lcd.setBacklight(HIGH);
  lcd.clear();
  lcd.home();
  lcd.setCursor(15, 1);
  lcd.print("text");
  lcd.print(F("flash"));
  lcd.print(String("string"));
  lcd.print(42);
  lcd.print(3.14159, 3);
  lcd.print(255, HEX);
  lcd.println();
  lcd.write('x');
  lcd.write("abc");
  lcd.write(byte(0));
  lcd.createChar(1, bell);
  lcd.load_custom_character(2, bell);
  lcd.printstr("old name");
  lcd.display();
  lcd.noDisplay();
  lcd.cursor();
  lcd.noCursor();
  lcd.cursor_on();
  lcd.cursor_off();
  lcd.blink();
  lcd.noBlink();
  lcd.blink_on();
  lcd.blink_off();
  lcd.scrollDisplayLeft();
  lcd.scrollDisplayRight();
  lcd.leftToRight();
  lcd.rightToLeft();
  lcd.autoscroll();
  lcd.noAutoscroll();
}

void loop() {}
