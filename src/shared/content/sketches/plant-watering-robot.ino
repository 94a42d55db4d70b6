// Plant Watering Robot - RoboForge project 1
// Board: Arduino Uno
//
// Checks how dry the soil is. When it is dry, a relay switches on a small
// pump for a few seconds, then the robot waits for the water to soak in
// before it checks again.
//
// Wiring:
//   Soil sensor   VCC -> 5V    GND -> GND    AOUT -> A0
//   Relay module  VCC -> 5V    GND -> GND    IN   -> D7
//   Battery pack +  -> relay COM
//   Relay NO        -> pump +
//   Pump -          -> battery pack -

// ---- Pins: named after what is wired to them ----
const uint8_t SOIL_SENSOR_PIN = A0;  // soil sensor AOUT
const uint8_t PUMP_PIN = 7;          // relay IN: the relay switches the pump

// ---- Calibration: change these for your sensor and your pot ----
// A capacitive sensor gives a HIGHER number when the soil is DRY.
// Write down the reading in dry soil and in wet soil, and use the
// number halfway between them. Example: dry 520, wet 260 -> 390.
const int DRY_THRESHOLD = 390;

const unsigned long PUMP_TIME_MS = 3000;     // one watering: 3 seconds
const unsigned long SOAK_TIME_MS = 30000;    // then wait 30 s for the water to reach the sensor
const unsigned long CHECK_EVERY_MS = 1000;   // read the soil once a second
const int MAX_WATERINGS_IN_A_ROW = 5;        // still dry after 5? Then the tank is probably empty

// Many relay modules switch ON when IN is LOW. If your pump runs when it
// should be off, swap HIGH and LOW in these two lines.
const uint8_t RELAY_ON = HIGH;
const uint8_t RELAY_OFF = LOW;

int wateringsInARow = 0;  // waterings since the soil was last wet
bool safetyStop = false;  // true when the safety limit has stopped the pump

// Reads the sensor 10 times and returns the average, so one odd reading
// cannot start the pump.
int readSoil() {
  long total = 0;
  for (int i = 0; i < 10; i++) {
    total += analogRead(SOIL_SENSOR_PIN);
    delay(10);
  }
  return total / 10;
}

void runPump(unsigned long ms) {
  Serial.println(F("Pump ON"));
  digitalWrite(PUMP_PIN, RELAY_ON);
  delay(ms);
  digitalWrite(PUMP_PIN, RELAY_OFF);
  Serial.println(F("Pump OFF"));
}

// Blinks the LED that is built into the board (pin 13, no wiring needed).
void blinkWarning() {
  for (int i = 0; i < 5; i++) {
    digitalWrite(LED_BUILTIN, HIGH);
    delay(100);
    digitalWrite(LED_BUILTIN, LOW);
    delay(100);
  }
}

void setup() {
  // Write OFF before making the pin an output, so the pump cannot
  // start for a moment when the Arduino powers up.
  digitalWrite(PUMP_PIN, RELAY_OFF);
  pinMode(PUMP_PIN, OUTPUT);
  pinMode(LED_BUILTIN, OUTPUT);
  Serial.begin(9600);
  Serial.println(F("Plant Watering Robot ready"));
}

void loop() {
  int soil = readSoil();
  bool dry = soil > DRY_THRESHOLD;

  // Open Tools > Serial Monitor (9600 baud) to see these numbers.
  Serial.print(F("Soil reading: "));
  Serial.print(soil);
  Serial.println(dry ? F("  (dry)") : F("  (wet)"));

  if (!dry) {
    // Wet soil: all is well, so reset the safety counter.
    wateringsInARow = 0;
    safetyStop = false;
    delay(CHECK_EVERY_MS);
    return;
  }

  if (safetyStop) {
    // No more watering until the soil reads wet again (refill the tank
    // and water by hand) or you press the Arduino's reset button.
    Serial.println(F("Safety stop: check the water tank and the tube!"));
    blinkWarning();
    return;
  }

  runPump(PUMP_TIME_MS);
  wateringsInARow++;
  if (wateringsInARow >= MAX_WATERINGS_IN_A_ROW) {
    safetyStop = true;  // if the soil is still dry after this soak, stop
  }
  delay(SOAK_TIME_MS);
}
