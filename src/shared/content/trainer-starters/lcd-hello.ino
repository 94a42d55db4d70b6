// LCD hello: the screen says Hello and counts the seconds since the board started.
// Try it: write your own name on the first line (16 letters fit).

#include <Wire.h>               // the LCD talks over I2C (pins A4 and A5)
#include <LiquidCrystal_I2C.h>  // the library for I2C screens

// The screen is at I2C address 0x27 and has 16 columns and 2 rows.
LiquidCrystal_I2C lcd(0x27, 16, 2);

void setup() {
  lcd.init();       // start the screen
  lcd.backlight();  // switch its light on
  lcd.setCursor(0, 0);  // column 0, row 0: the top left corner
  lcd.print("Hello!");
}

void loop() {
  unsigned long seconds = millis() / 1000;  // seconds since the start
  lcd.setCursor(0, 1);  // the start of the second row
  lcd.print(seconds);
  if (seconds == 1) {
    lcd.print(" second ");  // the space covers the "s" of "0 seconds"
  } else {
    lcd.print(" seconds");
  }
  delay(1000);
}
