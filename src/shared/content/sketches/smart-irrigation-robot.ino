// Smart Irrigation Robot - RoboForge project 8
// Board: Arduino Nano
//
// Keeps a pot or planter moist. When the soil gets dry it waters in short
// bursts, waiting after each burst for the water to spread, until the soil
// is moist again. On hot days it starts watering earlier. A 16x2 LCD shows
// the soil moisture, temperature, humidity and what the pump is doing, and
// it stops with CHECK TANK if watering does not make the soil wetter.
//
// Wiring:
//   Soil sensor   VCC -> 5V   GND -> GND   AOUT -> A0
//   DHT11         VCC -> 5V   GND -> GND   DATA -> D2
//   Relay module  VCC -> 5V   GND -> GND   IN   -> D7
//   LCD (I2C)     VCC -> 5V   GND -> GND   SDA  -> A4   SCL -> A5
//   Battery pack +  -> relay COM,  relay NO -> pump +,  pump - -> battery -
//
// No extra libraries: the DHT11 and the LCD are driven by the code below.

#include <Wire.h>

// ---- Pins: named after what is wired to them ----
const uint8_t SOIL_SENSOR_PIN = A0;  // soil sensor AOUT
const uint8_t DHT_PIN = 2;           // DHT11 DATA
const uint8_t PUMP_PIN = 7;          // relay IN: the relay switches the pump
// The LCD uses the I2C pins A4 (SDA) and A5 (SCL) through the Wire library.

// ---- Calibration: change these for your sensor and your plants ----
// Sensor readings in dry soil and in freshly watered soil. The code turns
// them into 0 % (dry) to 100 % (wet).
const int DRY_READING = 520;
const int WET_READING = 260;
// Two levels instead of one (this is called hysteresis): start below 35 %,
// keep going until above 50 %. So the pump does not click on and off.
const int START_BELOW_PERCENT = 35;
const int STOP_ABOVE_PERCENT = 50;
// On hot days plants drink more: start watering 10 % earlier.
const int HOT_DAY_C = 30;
const int HOT_DAY_EXTRA_PERCENT = 10;
// Water in short bursts and let each one soak in before measuring again.
const unsigned long PUMP_BURST_MS = 5000;   // never more than 5 s at a time
const unsigned long SOAK_MS = 60000;        // then wait 1 minute
const int MAX_BURSTS = 6;                   // still dry after 6 bursts? Check the tank
const unsigned long READ_EVERY_MS = 2000;   // the DHT11 allows one reading a second

// Many relay modules switch ON when IN is LOW. If your pump runs when it
// should be off, swap HIGH and LOW in these two lines.
const uint8_t RELAY_ON = HIGH;
const uint8_t RELAY_OFF = LOW;

// What the robot is doing right now.
const uint8_t WAITING = 0;     // soil is fine, just measuring
const uint8_t PUMPING = 1;     // pump on for one burst
const uint8_t SOAKING = 2;     // pump off, water spreading
const uint8_t CHECK_TANK = 3;  // stopped: watering did not help

uint8_t state = WAITING;
unsigned long stateStart = 0;  // when the current state began (millis)
int bursts = 0;                // bursts since the soil was last moist
unsigned long lastReadMs = 0;
int soilReading = 0;           // raw sensor number, for calibration
int moisturePercent = 0;
int temperatureC = 0;          // last good DHT11 values
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

int readMoisturePercent() {
  long total = 0;
  for (int i = 0; i < 10; i++) {
    total += analogRead(SOIL_SENSOR_PIN);
    delay(5);
  }
  soilReading = total / 10;
  // map() also works "backwards": DRY_READING -> 0 %, WET_READING -> 100 %.
  int percent = map(soilReading, DRY_READING, WET_READING, 0, 100);
  return constrain(percent, 0, 100);
}

int startPercent() {
  if (dhtOk && temperatureC >= HOT_DAY_C) {
    return START_BELOW_PERCENT + HOT_DAY_EXTRA_PERCENT;
  }
  return START_BELOW_PERCENT;
}

void pump(bool on) {
  digitalWrite(PUMP_PIN, on ? RELAY_ON : RELAY_OFF);
}

void changeState(uint8_t newState, unsigned long now) {
  state = newState;
  stateStart = now;
  pump(state == PUMPING);  // the only state in which the pump may run
}

// The watering plan. It never waits with delay(), so the screen keeps
// updating while the pump runs.
void updateWatering(unsigned long now) {
  if (state == WAITING) {
    if (moisturePercent < startPercent()) {
      bursts = 1;
      changeState(PUMPING, now);
    }
  } else if (state == PUMPING) {
    if (now - stateStart >= PUMP_BURST_MS) {
      changeState(SOAKING, now);
    }
  } else if (state == SOAKING) {
    if (now - stateStart >= SOAK_MS) {
      if (moisturePercent > STOP_ABOVE_PERCENT) {
        bursts = 0;
        changeState(WAITING, now);  // moist again: done
      } else if (bursts >= MAX_BURSTS) {
        changeState(CHECK_TANK, now);  // the tank is probably empty
      } else {
        bursts++;
        changeState(PUMPING, now);
      }
    }
  }
  // CHECK_TANK: stay stopped until someone presses the reset button.
}

void showOnScreen(unsigned long now) {
  char row0[17];
  char row1[17];
  if (dhtOk) {
    // e.g. "Soil 42% 24° 55%": soil moisture, air temperature, air humidity
    snprintf(row0, sizeof row0, "Soil%3d%%%3d%c%3d%%", moisturePercent, temperatureC, 0xDF, humidity);
  } else {
    snprintf(row0, sizeof row0, "Soil%3d%% DHT11?", moisturePercent);
  }
  unsigned long seconds = (now - stateStart) / 1000;
  if (state == WAITING) {
    snprintf(row1, sizeof row1, "Auto: below %d%%", startPercent());
  } else if (state == PUMPING) {
    snprintf(row1, sizeof row1, "Watering %d/%d", bursts, MAX_BURSTS);
  } else if (state == SOAKING) {
    snprintf(row1, sizeof row1, "Soaking %lus", SOAK_MS / 1000 - seconds);
  } else {
    snprintf(row1, sizeof row1, "CHECK TANK+reset");
  }
  lcdPrintRow(0, row0);
  lcdPrintRow(1, row1);
}

// "Name:value" pairs, so Tools > Serial Plotter can draw them as graphs.
// Reading is the raw sensor number you need for DRY_READING and WET_READING.
void printForPlotter() {
  Serial.print(F("Reading:"));
  Serial.print(soilReading);
  Serial.print(F(",Moisture:"));
  Serial.print(moisturePercent);
  Serial.print(F(",Temperature:"));
  Serial.print(temperatureC);
  Serial.print(F(",Humidity:"));
  Serial.print(humidity);
  Serial.print(F(",Pump:"));
  Serial.println(state == PUMPING ? 100 : 0);
}

void setup() {
  // Write OFF before making the pin an output, so the pump cannot
  // start for a moment when the Nano powers up.
  digitalWrite(PUMP_PIN, RELAY_OFF);
  pinMode(PUMP_PIN, OUTPUT);
  pinMode(DHT_PIN, INPUT_PULLUP);
  Serial.begin(9600);
  lcdBegin();
  lcdPrintRow(0, "Smart Irrigation");
  lcdPrintRow(1, "Starting...");
  delay(1500);  // the DHT11 needs a second after power-up
  moisturePercent = readMoisturePercent();
}

void loop() {
  unsigned long now = millis();
  if (now - lastReadMs >= READ_EVERY_MS) {
    lastReadMs = now;
    moisturePercent = readMoisturePercent();
    if (readDht11()) {
      dhtOk = true;
    }
    showOnScreen(now);
    printForPlotter();
  }
  updateWatering(now);
}
