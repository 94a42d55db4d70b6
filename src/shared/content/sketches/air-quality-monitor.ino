// Air Quality Monitor - RoboForge project 3
// Board: Arduino Uno
//
// Rates the air in your room as GOOD, MODERATE or POOR with an MQ-135 gas
// sensor, and shows it with the temperature and humidity from a DHT11 on a
// 16x2 LCD. A green and a red LED show the level at a glance.
//
// Wiring:
//   MQ-135      VCC -> 5V   GND -> GND   AO   -> A0
//   DHT11       VCC -> 5V   GND -> GND   DATA -> D2
//   LCD (I2C)   VCC -> 5V   GND -> GND   SDA  -> A4   SCL -> A5
//   Green LED (+ leg) -> D5, red LED (+ leg) -> D6, each through a 220 ohm
//   resistor, - legs -> GND
//
// No extra libraries: the DHT11 and the LCD are driven by the code below.

#include <Wire.h>

// ---- Pins: named after what is wired to them ----
const uint8_t AIR_SENSOR_PIN = A0;  // MQ-135 AO
const uint8_t DHT_PIN = 2;          // DHT11 DATA
const uint8_t GREEN_LED_PIN = 5;
const uint8_t RED_LED_PIN = 6;
// The LCD uses the I2C pins A4 (SDA) and A5 (SCL) through the Wire library.

// ---- Calibration: change these for your sensor and your room ----
// Your clean-air reading: put the monitor by an open window, wait until the
// number on the screen settles, and type it here.
const int CLEAN_AIR_BASELINE = 150;
const int MODERATE_ABOVE = 50;   // up to baseline + 50 counts as GOOD
const int POOR_ABOVE = 150;      // more than baseline + 150 is POOR
// The heater inside the MQ-135 needs a few minutes before readings settle.
const unsigned long WARM_UP_SECONDS = 180;
const unsigned long UPDATE_EVERY_MS = 2000;  // the DHT11 allows one reading a second at most

enum AirLevel { AIR_GOOD, AIR_MODERATE, AIR_POOR };

int temperatureC = 0;  // last good DHT11 values
int humidity = 0;
bool dhtOk = false;

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

// ---- DHT11 temperature and humidity sensor, read with our own code ----
// The DHT11 talks over one wire. We pull the wire LOW for 20 ms to wake it
// up, then it answers with 40 bits. Each bit is a HIGH pulse: about 27
// microseconds means 0 and about 70 means 1. pulseIn() measures each pulse.
bool readDht11() {
  uint8_t data[5] = {0, 0, 0, 0, 0};
  pinMode(DHT_PIN, OUTPUT);
  digitalWrite(DHT_PIN, LOW);
  delay(20);                       // start signal: at least 18 ms LOW
  pinMode(DHT_PIN, INPUT_PULLUP);  // let go: the sensor answers now
  // The answer starts with 80 us LOW and 80 us HIGH before the data.
  if (pulseIn(DHT_PIN, HIGH, 1000) == 0) {
    return false;  // no answer: check the wiring
  }
  for (uint8_t i = 0; i < 40; i++) {
    unsigned long highTime = pulseIn(DHT_PIN, HIGH, 1000);
    if (highTime == 0) {
      return false;
    }
    data[i / 8] <<= 1;
    if (highTime > 48) {  // halfway between 27 and 70
      data[i / 8] |= 1;
    }
  }
  // Byte 5 is a checksum, the sum of the first four: it catches bad reads.
  if ((uint8_t)(data[0] + data[1] + data[2] + data[3]) != data[4]) {
    return false;
  }
  humidity = data[0];       // whole percent
  temperatureC = data[2];   // whole degrees Celsius
  return true;
}

// Reads the MQ-135 ten times and returns the average, to smooth out noise.
int readAirSensor() {
  long total = 0;
  for (int i = 0; i < 10; i++) {
    total += analogRead(AIR_SENSOR_PIN);
    delay(5);
  }
  return total / 10;
}

// These are levels compared with YOUR clean air, not exact ppm values.
AirLevel levelFor(int reading) {
  if (reading <= CLEAN_AIR_BASELINE + MODERATE_ABOVE) {
    return AIR_GOOD;
  }
  if (reading <= CLEAN_AIR_BASELINE + POOR_ABOVE) {
    return AIR_MODERATE;
  }
  return AIR_POOR;
}

const char *levelName(AirLevel level) {
  if (level == AIR_GOOD) {
    return "GOOD";
  }
  if (level == AIR_MODERATE) {
    return "MODERATE";
  }
  return "POOR";
}

void setup() {
  pinMode(GREEN_LED_PIN, OUTPUT);
  pinMode(RED_LED_PIN, OUTPUT);
  pinMode(DHT_PIN, INPUT_PULLUP);
  Serial.begin(9600);
  lcdBegin();
  lcdPrintRow(0, "Air Quality");
  lcdPrintRow(1, "Monitor");
  delay(1500);  // the DHT11 also needs a second after power-up
}

void loop() {
  int reading = readAirSensor();
  if (readDht11()) {
    dhtOk = true;
  }

  char row0[17];
  char row1[17];
  unsigned long seconds = millis() / 1000;
  if (dhtOk) {
    // 0xDF is the degree sign on these LCDs.
    snprintf(row1, sizeof row1, "%d%cC %d%%RH  %d", temperatureC, 0xDF, humidity, reading);
  } else {
    snprintf(row1, sizeof row1, "DHT11?  %d", reading);
  }

  if (seconds < WARM_UP_SECONDS) {
    // Still warming up: show a countdown and do not sound any alerts.
    snprintf(row0, sizeof row0, "Warming up %lus", WARM_UP_SECONDS - seconds);
    digitalWrite(GREEN_LED_PIN, LOW);
    digitalWrite(RED_LED_PIN, LOW);
  } else {
    AirLevel level = levelFor(reading);
    snprintf(row0, sizeof row0, "Air: %s", levelName(level));
    // Green for GOOD, both for MODERATE (like an amber light), red for POOR.
    digitalWrite(GREEN_LED_PIN, level == AIR_POOR ? LOW : HIGH);
    digitalWrite(RED_LED_PIN, level == AIR_GOOD ? LOW : HIGH);
  }
  lcdPrintRow(0, row0);
  lcdPrintRow(1, row1);

  // Also in the Serial Monitor (9600 baud), handy to find your baseline.
  Serial.print(F("MQ-135: "));
  Serial.print(reading);
  Serial.print(F("  Temperature: "));
  Serial.print(temperatureC);
  Serial.print(F(" C  Humidity: "));
  Serial.print(humidity);
  Serial.println(F(" %"));

  delay(UPDATE_EVERY_MS);
}
