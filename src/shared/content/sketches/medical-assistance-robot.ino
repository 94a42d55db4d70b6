// Medical Assistance Robot - RoboForge project 9
// Board: Arduino Uno
//
// A pill reminder: at each dose time it turns a wheel by one compartment so
// one dose drops out, then beeps and flashes the screen until someone
// presses TAKEN. If nobody does within 15 minutes it shows MISSED.
// A learning project, not a medical device: test it only with sweets.
//
// Wiring:
//   DS3231 clock  VCC -> 5V   GND -> GND   SDA -> A4   SCL -> A5
//   LCD (I2C)     VCC -> 5V   GND -> GND   SDA -> A4   SCL -> A5
//   ULN2003 board IN1 -> D8   IN2 -> D9   IN3 -> D10   IN4 -> D11
//                 +   -> 5V   -   -> GND  (the stepper plugs into its socket)
//   TAKEN button  one leg -> D2, other leg -> GND
//   Buzzer        +   -> D5   -   -> GND
//
// Libraries: only Wire and EEPROM, which come with the Arduino IDE. The
// clock, the LCD and the stepper are driven by the code below.

#include <Wire.h>
#include <EEPROM.h>

// ---- Pins: named after what is wired to them ----
const uint8_t TAKEN_BUTTON_PIN = 2;
const uint8_t BUZZER_PIN = 5;        // active buzzer +
const uint8_t STEPPER_IN1_PIN = 8;   // ULN2003 IN1
const uint8_t STEPPER_IN2_PIN = 9;   // ULN2003 IN2
const uint8_t STEPPER_IN3_PIN = 10;  // ULN2003 IN3
const uint8_t STEPPER_IN4_PIN = 11;  // ULN2003 IN4
// The clock and the LCD share the I2C pins A4 (SDA) and A5 (SCL).

// ---- Settings ----
// Set to true ONCE to copy your computer's time into the clock, upload,
// then set it back to false and upload again.
const bool SET_CLOCK = false;
// Set to true to check the wheel: it turns one compartment every 3 s.
const bool WHEEL_TEST = false;

// Dose times, 24-hour clock: 8:00 and 20:00. An adult decides these.
const uint8_t DOSE_COUNT = 2;
const uint8_t DOSE_HOUR[DOSE_COUNT] = {8, 20};
const uint8_t DOSE_MINUTE[DOSE_COUNT] = {0, 0};

const uint8_t COMPARTMENTS = 8;   // compartment 0 stays empty: the start
// Full steps for one turn of the wheel. The 28BYJ-48 needs about 2048;
// change it until every compartment lines up with the exit hole.
const int STEPS_PER_TURN = 2048;
const int STEP_DELAY_MS = 3;      // smaller is faster, but may skip steps

const unsigned long REMIND_EVERY_MS = 10000;           // beep every 10 s
const unsigned long MISSED_AFTER_MS = 15UL * 60 * 1000;  // 15 minutes
const unsigned long MISSED_REMIND_EVERY_MS = 60000;    // then once a minute

// ---- Saved in EEPROM, so a power cut cannot cause a second dose ----
// EEPROM is memory that keeps its contents without power.
struct SavedState {
  uint8_t marker;       // SAVED_MARKER when the data is valid
  uint8_t compartment;  // the compartment that is over the exit hole
  uint8_t lastDay;      // the date and dose of the last dose time
  uint8_t lastMonth;
  uint8_t lastYear;
  uint8_t lastDose;
};
const uint8_t SAVED_MARKER = 0x42;

struct ClockTime {
  uint8_t hour;
  uint8_t minute;
  uint8_t second;
  uint8_t day;
  uint8_t month;
  uint8_t year;  // last two digits
};

SavedState saved;
ClockTime timeNow;  // the latest time read from the clock
bool alerting = false;           // waiting for the TAKEN button
bool missed = false;
unsigned long alertStart = 0;
unsigned long lastReminder = 0;
bool buttonWasDown = false;
unsigned long lastClockRead = 0;
char message[17] = "";           // shown on row 2 for a minute after TAKEN
unsigned long messageStart = 0;

// ---- 16x2 LCD with an I2C backpack, driven with Wire (no extra library) ----
// The backpack is a PCF8574 chip: each byte we send sets its 8 outputs.
// Outputs 0-3 go to the LCD's RS, RW, E and backlight; outputs 4-7 go to the
// LCD's data lines D4-D7. So every byte for the LCD is sent in two halves.
const uint8_t LCD_ADDRESS = 0x27;  // try 0x3F if the screen stays blank
const uint8_t LCD_RS = 0x01;       // 1 = a letter, 0 = a command
const uint8_t LCD_ENABLE = 0x04;   // the LCD reads the data lines when E goes 1 -> 0
const uint8_t LCD_BACKLIGHT = 0x08;
uint8_t lcdLight = LCD_BACKLIGHT;  // LCD_BACKLIGHT = light on, 0 = off

void lcdWriteBackpack(uint8_t bits) {
  Wire.beginTransmission(LCD_ADDRESS);
  Wire.write(bits | lcdLight);
  Wire.endTransmission();
}

void lcdSetBacklight(bool on) {
  lcdLight = on ? LCD_BACKLIGHT : 0;
  lcdWriteBackpack(0);  // E stays 0, so the LCD ignores the other bits
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

// ---- DS3231 real-time clock, read with Wire (no extra library) ----
// The clock keeps time in its own memory (registers), even without power
// thanks to its coin cell. Numbers are stored as "BCD": 0x59 means 59.
const uint8_t CLOCK_ADDRESS = 0x68;

uint8_t fromBcd(uint8_t value) {
  return (value >> 4) * 10 + (value & 0x0F);
}

uint8_t toBcd(uint8_t value) {
  return ((value / 10) << 4) | (value % 10);
}

bool readClock() {
  Wire.beginTransmission(CLOCK_ADDRESS);
  Wire.write(0);  // start at register 0: seconds
  if (Wire.endTransmission() != 0) {
    return false;  // no answer: check the clock's wiring
  }
  if (Wire.requestFrom(CLOCK_ADDRESS, (uint8_t)7) != 7) {
    return false;
  }
  timeNow.second = fromBcd(Wire.read() & 0x7F);
  timeNow.minute = fromBcd(Wire.read());
  timeNow.hour = fromBcd(Wire.read() & 0x3F);  // 24-hour mode
  Wire.read();  // day of the week: not used
  timeNow.day = fromBcd(Wire.read());
  timeNow.month = fromBcd(Wire.read() & 0x1F);  // the top bit is the century
  timeNow.year = fromBcd(Wire.read());
  return true;
}

// Copies the time when the sketch was compiled into the clock. __DATE__
// looks like "Nov 23 2026" and __TIME__ like "14:05:09".
void setClockToUploadTime() {
  const char *months = "JanFebMarAprMayJunJulAugSepOctNovDec";
  char month[4] = {__DATE__[0], __DATE__[1], __DATE__[2], '\0'};
  uint8_t monthNumber = (strstr(months, month) - months) / 3 + 1;
  Wire.beginTransmission(CLOCK_ADDRESS);
  Wire.write(0);
  Wire.write(toBcd(atoi(__TIME__ + 6)));  // seconds
  Wire.write(toBcd(atoi(__TIME__ + 3)));  // minutes
  Wire.write(toBcd(atoi(__TIME__)));      // hours, 24-hour mode
  Wire.write(1);                          // day of the week: not used
  Wire.write(toBcd(atoi(__DATE__ + 4)));  // day of the month
  Wire.write(toBcd(monthNumber));
  Wire.write(toBcd(atoi(__DATE__ + 9)));  // year: last two digits
  Wire.endTransmission();
}

// ---- 28BYJ-48 stepper through the ULN2003 board ----
// Switching the 4 coils on in this order (two at a time) turns the shaft
// one small step each time. Backwards order = backwards turn.
const uint8_t STEP_PATTERN[4] = {0b1100, 0b0110, 0b0011, 0b1001};
uint8_t stepIndex = 0;

void setCoils(uint8_t pattern) {
  digitalWrite(STEPPER_IN1_PIN, (pattern & 0b1000) ? HIGH : LOW);
  digitalWrite(STEPPER_IN2_PIN, (pattern & 0b0100) ? HIGH : LOW);
  digitalWrite(STEPPER_IN3_PIN, (pattern & 0b0010) ? HIGH : LOW);
  digitalWrite(STEPPER_IN4_PIN, (pattern & 0b0001) ? HIGH : LOW);
}

void stepMotor(long steps) {
  for (long i = 0; i < labs(steps); i++) {
    stepIndex = (steps > 0) ? (stepIndex + 1) % 4 : (stepIndex + 3) % 4;
    setCoils(STEP_PATTERN[stepIndex]);
    delay(STEP_DELAY_MS);
  }
  setCoils(0);  // coils off: saves power and keeps the motor cool
}

// Where compartment number "c" is, counted in steps from compartment 0.
// Working it out from the start each time stops small errors adding up.
long stepsTo(uint8_t c) {
  return (long)c * STEPS_PER_TURN / COMPARTMENTS;
}

void turnWheel(uint8_t fromCompartment, uint8_t toCompartment) {
  stepMotor(stepsTo(toCompartment) - stepsTo(fromCompartment));
}

void beep(uint8_t times, unsigned long ms) {
  for (uint8_t i = 0; i < times; i++) {
    digitalWrite(BUZZER_PIN, HIGH);
    delay(ms);
    digitalWrite(BUZZER_PIN, LOW);
    delay(ms);
  }
}

// True once per press (not all the time while it is held down).
bool takenPressed() {
  bool down = digitalRead(TAKEN_BUTTON_PIN) == LOW;  // INPUT_PULLUP: pressed = LOW
  bool pressed = down && !buttonWasDown;
  buttonWasDown = down;
  return pressed;
}

// Remembers that this dose time has been handled today, in EEPROM.
void saveDoseDone(uint8_t dose) {
  saved.lastDay = timeNow.day;
  saved.lastMonth = timeNow.month;
  saved.lastYear = timeNow.year;
  saved.lastDose = dose;
  EEPROM.put(0, saved);  // put() only rewrites bytes that changed
}

void dispenseDose(uint8_t dose) {
  // Save first, then turn: if the power fails halfway, the robot can miss
  // a dose, but it can never give the same dose twice.
  uint8_t from = saved.compartment;
  saved.compartment = from + 1;
  saveDoseDone(dose);
  turnWheel(from, from + 1);

  char line[20];
  snprintf(line, sizeof line, "Dose given at %02d:%02d", timeNow.hour, timeNow.minute);
  Serial.println(line);

  alerting = true;
  missed = false;
  alertStart = millis();
  lastReminder = alertStart;
  beep(3, 150);
}

// True when the wheel is on its last compartment: all doses are given.
bool wheelEmpty() {
  return saved.compartment >= COMPARTMENTS - 1;
}

// Checks whether a dose time has just arrived.
void checkSchedule() {
  if (alerting) {
    return;  // the last dose is not confirmed: never give another one
  }
  for (uint8_t dose = 0; dose < DOSE_COUNT; dose++) {
    bool itsTime = timeNow.hour == DOSE_HOUR[dose] && timeNow.minute == DOSE_MINUTE[dose];
    bool alreadyDone = saved.lastDay == timeNow.day && saved.lastMonth == timeNow.month &&
                       saved.lastYear == timeNow.year && saved.lastDose == dose;
    if (itsTime && !alreadyDone) {
      if (wheelEmpty()) {
        saveDoseDone(dose);  // nothing to give: one long beep, once
        beep(1, 1000);
      } else {
        dispenseDose(dose);
      }
      return;
    }
  }
}

void showScreen() {
  char row0[17];
  char row1[17];
  snprintf(row0, sizeof row0, "%02d:%02d:%02d  left %d", timeNow.hour, timeNow.minute, timeNow.second,
           COMPARTMENTS - 1 - saved.compartment);  // doses left in the wheel
  if (alerting && missed) {
    snprintf(row0, sizeof row0, "MISSED - tell");
    snprintf(row1, sizeof row1, "an adult");
  } else if (alerting) {
    snprintf(row1, sizeof row1, "Take your pill!");
  } else if (message[0] != '\0' && millis() - messageStart < 60000UL) {
    snprintf(row1, sizeof row1, "%s", message);
  } else if (wheelEmpty()) {
    snprintf(row1, sizeof row1, "EMPTY: refill!");
  } else {
    // Find the next dose time after now, to show it.
    int nowMinutes = timeNow.hour * 60 + timeNow.minute;
    int best = 24 * 60 + 1;
    for (uint8_t dose = 0; dose < DOSE_COUNT; dose++) {
      int wait = (DOSE_HOUR[dose] * 60 + DOSE_MINUTE[dose] - nowMinutes + 24 * 60) % (24 * 60);
      if (wait == 0) {
        wait = 24 * 60;  // this minute's dose is done: next one is tomorrow
      }
      if (wait < best) {
        best = wait;
        snprintf(row1, sizeof row1, "Next dose %02d:%02d", DOSE_HOUR[dose], DOSE_MINUTE[dose]);
      }
    }
  }
  lcdPrintRow(0, row0);
  lcdPrintRow(1, row1);
}

void setup() {
  pinMode(TAKEN_BUTTON_PIN, INPUT_PULLUP);
  pinMode(BUZZER_PIN, OUTPUT);
  pinMode(STEPPER_IN1_PIN, OUTPUT);
  pinMode(STEPPER_IN2_PIN, OUTPUT);
  pinMode(STEPPER_IN3_PIN, OUTPUT);
  pinMode(STEPPER_IN4_PIN, OUTPUT);
  setCoils(0);
  Serial.begin(9600);
  lcdBegin();

  EEPROM.get(0, saved);
  if (saved.marker != SAVED_MARKER || saved.compartment >= COMPARTMENTS) {
    // First start: wheel at the empty start compartment, nothing given yet.
    saved = {SAVED_MARKER, 0, 0, 0, 0, 0xFF};
    EEPROM.put(0, saved);
  }

  // Refill: hold TAKEN while switching on. The wheel turns BACK to the
  // empty start compartment, passing only compartments that are already
  // empty, so nothing drops out. An adult then fills compartments 1 to 7.
  if (digitalRead(TAKEN_BUTTON_PIN) == LOW) {
    lcdPrintRow(0, "Refill mode:");
    lcdPrintRow(1, "back to start");
    uint8_t from = saved.compartment;
    saved.compartment = 0;
    EEPROM.put(0, saved);
    turnWheel(from, 0);
    delay(2000);
  }

  if (SET_CLOCK) {
    setClockToUploadTime();
    lcdPrintRow(0, "Clock set! Now");
    lcdPrintRow(1, "SET_CLOCK=false");
    while (true) {
      // stop here: upload again with SET_CLOCK = false
    }
  }
}

void loop() {
  if (WHEEL_TEST) {
    // Turns one compartment every 3 s, without touching the saved data.
    // After 8 turns the wheel must be exactly where it started.
    static uint8_t testCompartment = 0;
    char row[17];
    snprintf(row, sizeof row, "Wheel test: %d", testCompartment);
    lcdPrintRow(0, row);
    turnWheel(testCompartment, testCompartment + 1);
    testCompartment = (testCompartment + 1) % COMPARTMENTS;
    delay(3000);
    return;
  }

  if (millis() - lastClockRead >= 1000) {
    lastClockRead = millis();
    if (!readClock()) {
      lcdPrintRow(0, "Clock not found");
      lcdPrintRow(1, "Check SDA/SCL");
      return;
    }
    checkSchedule();
    showScreen();
  }

  if (alerting) {
    unsigned long waited = millis() - alertStart;
    if (!missed && waited >= MISSED_AFTER_MS) {
      missed = true;  // nobody pressed TAKEN in time
      lastReminder = millis();
      beep(1, 1000);
    }
    unsigned long every = missed ? MISSED_REMIND_EVERY_MS : REMIND_EVERY_MS;
    if (millis() - lastReminder >= every) {
      lastReminder = millis();
      beep(3, 150);
    }
    // Flash the screen light twice a second, for people who hear badly.
    lcdSetBacklight((millis() / 500) % 2 == 0);
  }

  // The TAKEN button confirms the dose.
  if (takenPressed() && alerting) {
    alerting = false;
    lcdSetBacklight(true);
    snprintf(message, sizeof message, "Taken at %02d:%02d", timeNow.hour, timeNow.minute);
    messageStart = millis();
    Serial.println(message);
    showScreen();
  }
  delay(20);  // also makes the button reading steady (debouncing)
}
