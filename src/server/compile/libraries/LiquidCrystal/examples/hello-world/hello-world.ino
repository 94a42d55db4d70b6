// Hello, world: the text on the top row and the seconds since reset below it, as the Arduino IDE's
// LiquidCrystal HelloWorld example, on an LCD wired as the Starter Kit wires it:
// RS to pin 12, E to 11, D4 to 5, D5 to 4, D6 to 3, D7 to 2 (RW to GND).
#include <LiquidCrystal.h>

const int rs = 12, en = 11, d4 = 5, d5 = 4, d6 = 3, d7 = 2;
LiquidCrystal lcd(rs, en, d4, d5, d6, d7);

void setup() {
  lcd.begin(16, 2);
  lcd.print("hello, world!");
}

void loop() {
  lcd.setCursor(0, 1);
  lcd.print(millis() / 1000);
}
