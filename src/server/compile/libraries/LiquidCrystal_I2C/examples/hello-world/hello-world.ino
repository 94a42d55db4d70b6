// The LiquidCrystal_I2C "Hello, world!" as tutorials show it, with a number, a special character
// and a custom one, then the backlight off and the screen cleared.
#include <Wire.h>
#include <LiquidCrystal_I2C.h>

LiquidCrystal_I2C lcd(0x27, 16, 2);

byte heart[8] = {0b00000, 0b01010, 0b11111, 0b11111, 0b01110, 0b00100, 0b00000, 0b00000};

void setup() {
  Serial.begin(9600);
  lcd.init();
  lcd.backlight();
  lcd.createChar(0, heart);
  lcd.setCursor(2, 0);
  lcd.print("Hello, world!");
  lcd.setCursor(0, 1);
  lcd.print(F("Temp: "));
  lcd.print(21.5, 1);
  lcd.write(0xDF);  // the degree sign
  lcd.print("C ");
  lcd.write(byte(0));
  Serial.println("shown");
  delay(1000);
  lcd.noBacklight();
  lcd.clear();
  lcd.print("Bye");
  Serial.println("cleared");
}

void loop() {}
