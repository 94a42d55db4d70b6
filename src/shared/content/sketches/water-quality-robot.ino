// Water Quality Robot - RoboForge project 7
// Board: Arduino Uno
//
// Measures pH, dissolved solids (TDS), cloudiness (turbidity) and water
// temperature, and shows them on a 16x2 LCD. The board's own LED lights up
// when a reading is outside the usual range. A learning tool: it can never
// tell you that water is safe to drink.
//
// Wiring:
//   pH board (PH-4502C)   V+ -> 5V    G -> GND    Po -> A0
//   TDS board             +  -> 5V    - -> GND    A  -> A1
//   Turbidity board       V  -> 5V    G -> GND    A  -> A2   (switch set to "A")
//   Thermistor probe: one wire -> 5V, other wire -> A3 and a 10k resistor to GND
//   LCD (I2C)             VCC -> 5V   GND -> GND   SDA -> A4   SCL -> A5
//
// No extra libraries: every formula and the LCD are in the code below.

#include <Wire.h>

// ---- Pins: named after what is wired to them ----
const uint8_t PH_SENSOR_PIN = A0;         // pH board Po
const uint8_t TDS_SENSOR_PIN = A1;        // TDS board A
const uint8_t TURBIDITY_SENSOR_PIN = A2;  // turbidity board A
const uint8_t TEMP_SENSOR_PIN = A3;       // thermistor and 10k resistor
// The LCD uses the I2C pins A4 (SDA) and A5 (SCL) through the Wire library.

// ---- Calibration: measure these with your own probes ----
// The voltage of the 5V pin. Measure it with a multimeter for better results.
const float SUPPLY_VOLTS = 5.0;
// pH: the voltage the pH board gives in the pH 7.00 and pH 4.00 buffers.
const float PH7_VOLTS = 2.50;
const float PH4_VOLTS = 3.03;
// TDS: raise or lower this until the 707 ppm solution reads about 707.
const float TDS_FACTOR = 1.00;
// Turbidity: the voltage DROPS as water gets cloudier.
const float CLEAR_ABOVE_VOLTS = 4.0;  // above this: CLEAR
const float DIRTY_BELOW_VOLTS = 2.5;  // below this: DIRTY, in between: CLOUDY
// Thermistor probe: 10k at 25 C with a "B" value of 3950 (see its label).
const float THERMISTOR_OHMS_AT_25C = 10000.0;
const float THERMISTOR_BETA = 3950.0;
const float FIXED_RESISTOR_OHMS = 10000.0;
// The usual range. Outside it the robot shows CHECK WATER.
const float PH_MIN = 6.5;
const float PH_MAX = 8.5;
const float TDS_MAX_PPM = 500.0;

const uint8_t READINGS_TO_AVERAGE = 20;
const unsigned long PAGE_EVERY_MS = 3000;  // switch screen pages every 3 s

// The latest results, shared by the screen and the Serial Monitor.
float phVolts = 0;
float ph = 7.0;
float tdsVolts = 0;
float tdsPpm = 0;
float turbidityVolts = 0;
float temperatureC = 25.0;
const char *turbidityName = "CLEAR";
bool checkWater = false;

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

// Reads a pin 20 times and returns the average as a number from 0 to 1023.
// Averaging cuts the noise that every analog probe has.
float readAverage(uint8_t pin) {
  long total = 0;
  for (uint8_t i = 0; i < READINGS_TO_AVERAGE; i++) {
    total += analogRead(pin);
    delay(5);
  }
  return (float)total / READINGS_TO_AVERAGE;
}

float toVolts(float reading) {
  return reading * SUPPLY_VOLTS / 1024.0;
}

// The thermistor's resistance drops as it warms up. The "beta" formula
// turns its resistance into a temperature.
float readTemperatureC() {
  float reading = readAverage(TEMP_SENSOR_PIN);
  if (reading < 1 || reading > 1022) {
    return 25.0;  // probe not connected: use room temperature
  }
  float ohms = FIXED_RESISTOR_OHMS * (1023.0 / reading - 1.0);
  float kelvin = 1.0 / (1.0 / 298.15 + log(ohms / THERMISTOR_OHMS_AT_25C) / THERMISTOR_BETA);
  return kelvin - 273.15;
}

void measureEverything() {
  temperatureC = readTemperatureC();

  // pH: a straight line through your two calibration points.
  phVolts = toVolts(readAverage(PH_SENSOR_PIN));
  ph = 7.0 + (phVolts - PH7_VOLTS) * 3.0 / (PH7_VOLTS - PH4_VOLTS);

  // TDS: warm water conducts better, so first correct the voltage to what
  // it would be at 25 C, then use the sensor maker's (DFRobot) formula.
  tdsVolts = toVolts(readAverage(TDS_SENSOR_PIN));
  float v = tdsVolts / (1.0 + 0.02 * (temperatureC - 25.0));
  tdsPpm = (133.42 * v * v * v - 255.86 * v * v + 857.39 * v) * 0.5 * TDS_FACTOR;

  turbidityVolts = toVolts(readAverage(TURBIDITY_SENSOR_PIN));
  if (turbidityVolts > CLEAR_ABOVE_VOLTS) {
    turbidityName = "CLEAR";
  } else if (turbidityVolts < DIRTY_BELOW_VOLTS) {
    turbidityName = "DIRTY";
  } else {
    turbidityName = "CLOUDY";
  }

  checkWater = ph < PH_MIN || ph > PH_MAX || tdsPpm > TDS_MAX_PPM || turbidityVolts < DIRTY_BELOW_VOLTS;
}

void showPage(uint8_t page) {
  char row0[17];
  char row1[17];
  char number1[8];
  char number2[8];
  if (page == 0) {
    dtostrf(ph, 4, 2, number1);            // e.g. "7.12"
    dtostrf(temperatureC, 4, 1, number2);  // e.g. "24.5"
    snprintf(row0, sizeof row0, "pH %s  %s%cC", number1, number2, 0xDF);
    snprintf(row1, sizeof row1, "TDS %d ppm", (int)(tdsPpm + 0.5));
  } else {
    snprintf(row0, sizeof row0, "Water: %s", turbidityName);
    snprintf(row1, sizeof row1, "%s", checkWater ? "CHECK WATER!" : "In usual range");
  }
  lcdPrintRow(0, row0);
  lcdPrintRow(1, row1);
}

// Prints the voltages too: you need them for calibration.
void printToSerial() {
  Serial.print(F("pH "));
  Serial.print(ph, 2);
  Serial.print(F(" ("));
  Serial.print(phVolts, 3);
  Serial.print(F(" V)  TDS "));
  Serial.print(tdsPpm, 0);
  Serial.print(F(" ppm ("));
  Serial.print(tdsVolts, 3);
  Serial.print(F(" V)  Turbidity "));
  Serial.print(turbidityName);
  Serial.print(F(" ("));
  Serial.print(turbidityVolts, 2);
  Serial.print(F(" V)  "));
  Serial.print(temperatureC, 1);
  Serial.println(F(" C"));
}

void setup() {
  pinMode(LED_BUILTIN, OUTPUT);
  Serial.begin(9600);
  lcdBegin();
  lcdPrintRow(0, "Water tester");
  lcdPrintRow(1, "Not for drinking");
  delay(2000);
}

void loop() {
  measureEverything();
  // The LED built into the board (pin 13) means "check the water".
  digitalWrite(LED_BUILTIN, checkWater ? HIGH : LOW);
  showPage((millis() / PAGE_EVERY_MS) % 2);
  printToSerial();
  delay(500);
}
