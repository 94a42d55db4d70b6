// Gas Leak Alarm Robot - RoboForge project 6
// Board: Arduino Uno
//
// An MQ-2 sensor smells the air for gas and smoke. The alarm shows SAFE,
// WARNING or DANGER on a 16x2 LCD, with a green and a red LED and a buzzer.
// A learning project: never use it instead of a real, certified detector.
//
// Wiring:
//   MQ-2        VCC -> 5V   GND -> GND   AO  -> A0
//   Red LED   (+ leg) -> D2 through a 220 ohm resistor, - leg -> GND
//   Green LED (+ leg) -> D3 through a 220 ohm resistor, - leg -> GND
//   Buzzer      +   -> D9   -   -> GND
//   LCD (I2C)   VCC -> 5V   GND -> GND   SDA -> A4   SCL -> A5
//
// No extra libraries: the LCD is driven by the code below.

#include <Wire.h>

// ---- Pins: named after what is wired to them ----
const uint8_t GAS_SENSOR_PIN = A0;  // MQ-2 AO
const uint8_t RED_LED_PIN = 2;
const uint8_t GREEN_LED_PIN = 3;
const uint8_t BUZZER_PIN = 9;       // active buzzer +
// The LCD uses the I2C pins A4 (SDA) and A5 (SCL) through the Wire library.

// ---- Calibration: change these for your sensor ----
// Your fresh-air reading after warm-up (watch the LCD or Serial Monitor).
const int BASELINE = 120;
const int WARNING_ABOVE = 100;  // WARNING from baseline + 100
const int DANGER_ABOVE = 250;   // DANGER from baseline + 250
// The sensor's heater needs time: readings are too high while it is cold.
const unsigned long WARM_UP_SECONDS = 120;

const uint8_t SAFE = 0;
const uint8_t WARNING = 1;
const uint8_t DANGER = 2;

int gasLevel = 0;
uint8_t state = SAFE;
unsigned long lastReadMs = 0;
unsigned long lastScreenMs = 0;

// ---- 16x2 LCD with an I2C backpack, driven with Wire (no extra library) ----
// The backpack is a PCF8574 chip: each byte we send sets its 8 outputs.
// Outputs 0-3 go to the LCD's RS, RW, E and backlight; outputs 4-7 go to the
// LCD's data lines D4-D7. So every byte for the LCD is sent in two halves.
const uint8_t LCD_ADDRESS = 0x27;  // try 0x3F if the screen stays blank
const uint8_t LCD_RS = 0x01;       // 1 = a letter, 0 = a command
const uint8_t LCD_ENABLE = 0x04;   // the LCD reads the data lines when E goes 1 -> 0
const uint8_t LCD_BACKLIGHT = 0x08;

void lcdWriteBackpack(uint8_t bits) {
  Wire.beginTransmission(LCD_ADDRESS);
  Wire.write(bits | LCD_BACKLIGHT);
  Wire.endTransmission();
}

void lcdSendHalf(uint8_t bits) {
  lcdWriteBackpack(bits | LCD_ENABLE);
  lcdWriteBackpack(bits);  // E back to 0: the LCD takes the 4 bits now
  delayMicroseconds(50);   // most LCD commands need 37 microseconds
}

void lcdSend(uint8_t value, uint8_t mode) {
  lcdSendHalf((value & 0xF0) | mode);  // top 4 bits first
  lcdSendHalf((value << 4) | mode);    // then the bottom 4 bits
}

void lcdCommand(uint8_t command) {
  lcdSend(command, 0);
  if (command < 4) {
    delay(2);  // "clear" and "home" are slow commands
  }
}

void lcdBegin() {
  Wire.begin();
  delay(50);  // the LCD needs a moment after power-up
  lcdWriteBackpack(0);
  // The LCD wakes up in 8-bit mode; this sequence switches it to 4-bit mode.
  lcdSendHalf(0x30);
  delay(5);
  lcdSendHalf(0x30);
  delay(1);
  lcdSendHalf(0x30);
  lcdSendHalf(0x20);
  lcdCommand(0x28);  // 4-bit mode, 2 rows, 5x8 letters
  lcdCommand(0x0C);  // display on, no cursor
  lcdCommand(0x06);  // move right after each letter
  lcdCommand(0x01);  // clear the screen
}

// Writes text on row 0 or 1 and fills the rest with spaces, so no old
// letters are left behind.
void lcdPrintRow(uint8_t row, const char *text) {
  lcdCommand(row == 0 ? 0x80 : 0xC0);  // move to the start of the row
  for (uint8_t i = 0; i < 16; i++) {
    char letter = ' ';
    if (*text != '\0') {
      letter = *text;
      text++;
    }
    lcdSend(letter, LCD_RS);
  }
}

// Reads the MQ-2 ten times and returns the average, to smooth out noise.
int readGas() {
  long total = 0;
  for (int i = 0; i < 10; i++) {
    total += analogRead(GAS_SENSOR_PIN);
    delay(2);
  }
  return total / 10;
}

uint8_t stateFor(int level) {
  if (level >= BASELINE + DANGER_ABOVE) {
    return DANGER;
  }
  if (level >= BASELINE + WARNING_ABOVE) {
    return WARNING;
  }
  return SAFE;
}

// Sets the LEDs and the buzzer. It uses the clock (millis) instead of
// delay(), so the alarm keeps measuring while it blinks and beeps.
void updateAlarm(unsigned long now) {
  if (now / 1000 < WARM_UP_SECONDS) {
    digitalWrite(GREEN_LED_PIN, (now / 1000) % 2 == 0 ? HIGH : LOW);  // not ready yet
    digitalWrite(RED_LED_PIN, LOW);
    digitalWrite(BUZZER_PIN, LOW);
  } else if (state == SAFE) {
    digitalWrite(GREEN_LED_PIN, HIGH);
    digitalWrite(RED_LED_PIN, LOW);
    digitalWrite(BUZZER_PIN, LOW);
  } else if (state == WARNING) {
    digitalWrite(GREEN_LED_PIN, LOW);
    digitalWrite(RED_LED_PIN, (now / 500) % 2 == 0 ? HIGH : LOW);  // slow blink
    digitalWrite(BUZZER_PIN, now % 3000 < 150 ? HIGH : LOW);       // beep every 3 s
  } else {
    digitalWrite(GREEN_LED_PIN, LOW);
    digitalWrite(RED_LED_PIN, (now / 100) % 2 == 0 ? HIGH : LOW);  // fast blink
    digitalWrite(BUZZER_PIN, HIGH);                                // nonstop
  }
}

void showOnScreen(unsigned long now) {
  char row0[17];
  char row1[17];
  snprintf(row0, sizeof row0, "Gas level: %d", gasLevel);
  if (now / 1000 < WARM_UP_SECONDS) {
    snprintf(row1, sizeof row1, "Warming up %lus", WARM_UP_SECONDS - now / 1000);
  } else if (state == SAFE) {
    snprintf(row1, sizeof row1, "SAFE");
  } else if (state == WARNING) {
    snprintf(row1, sizeof row1, "WARNING");
  } else {
    snprintf(row1, sizeof row1, "DANGER!");
  }
  lcdPrintRow(0, row0);
  lcdPrintRow(1, row1);
}

void setup() {
  pinMode(RED_LED_PIN, OUTPUT);
  pinMode(GREEN_LED_PIN, OUTPUT);
  pinMode(BUZZER_PIN, OUTPUT);
  Serial.begin(9600);
  lcdBegin();
  lcdPrintRow(0, "Gas Leak Alarm");
  lcdPrintRow(1, "Self-test...");
  // Self-test, like a real alarm: both LEDs and the buzzer for a moment,
  // so you know they all work.
  digitalWrite(RED_LED_PIN, HIGH);
  digitalWrite(GREEN_LED_PIN, HIGH);
  digitalWrite(BUZZER_PIN, HIGH);
  delay(300);
  digitalWrite(BUZZER_PIN, LOW);
  delay(700);
  digitalWrite(RED_LED_PIN, LOW);
  digitalWrite(GREEN_LED_PIN, LOW);
}

void loop() {
  unsigned long now = millis();

  if (now - lastReadMs >= 250) {  // measure 4 times a second
    lastReadMs = now;
    gasLevel = readGas();
    // During warm-up the state stays SAFE, so a cold sensor cannot
    // start the alarm.
    if (now / 1000 >= WARM_UP_SECONDS) {
      state = stateFor(gasLevel);
    }
  }

  if (now - lastScreenMs >= 1000) {  // screen and Serial Monitor once a second
    lastScreenMs = now;
    showOnScreen(now);
    Serial.print(F("Gas level: "));
    Serial.println(gasLevel);
  }

  updateAlarm(now);
}
