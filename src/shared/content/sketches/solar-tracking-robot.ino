// Solar Tracking Robot - RoboForge project 5
// Board: Arduino Uno
//
// Two light sensors (LDRs) sit on the east and west edges of a small solar
// panel, with a little wall between them. The servo tilts the panel toward
// the brighter side until both LDRs see the same light.
//
// Wiring:
//   East LDR: one leg -> 5V, other leg -> A0 and a 10k resistor to GND
//   West LDR: one leg -> 5V, other leg -> A1 and a 10k resistor to GND
//   Servo (SG90): brown -> GND, red -> 5V, orange -> D9
//
// No Servo library needed: the code below makes the servo pulses itself.

// ---- Pins: named after what is wired to them ----
const uint8_t EAST_LDR_PIN = A0;
const uint8_t WEST_LDR_PIN = A1;
const uint8_t SERVO_PIN = 9;  // servo orange (signal) wire

// ---- Calibration and tuning ----
// In even light, east minus west should be 0. If it is not (for example
// east 520 and west 490), type the difference here (30).
const int LDR_OFFSET = 0;
// Ignore differences smaller than this, so the panel does not jitter.
const int DEADBAND = 30;
// +1 if a bigger angle turns the panel toward the east, -1 if it turns it
// toward the west. If the panel turns AWAY from your flashlight, flip it.
const int TOWARD_EAST = 1;
const int MIN_ANGLE = 20;   // keep the panel away from its end stops
const int MAX_ANGLE = 160;
const int START_ANGLE = 90;
// Night: both readings below this number for NIGHT_AFTER_MS.
const int NIGHT_LEVEL = 100;
const unsigned long NIGHT_AFTER_MS = 60000;
// Pulse width for 0 and 180 degrees, in microseconds (500-2400 suits SG90).
const int SERVO_MIN_US = 500;
const int SERVO_MAX_US = 2400;

// Set to true while you glue the panel on: the servo just holds 90 degrees.
const bool CENTER_SERVO_ONLY = false;

int angle = START_ANGLE;
bool dark = false;
unsigned long darkSince = 0;
unsigned long frameCount = 0;

// ---- Servo driving without a library ----
// A servo wants one pulse every 20 ms. The pulse length sets the angle:
// about 0.5 ms is 0 degrees and 2.4 ms is 180 degrees.
void servoPulse(int angleDegrees) {
  unsigned int width = map(angleDegrees, 0, 180, SERVO_MIN_US, SERVO_MAX_US);
  digitalWrite(SERVO_PIN, HIGH);
  delayMicroseconds(width);
  digitalWrite(SERVO_PIN, LOW);
}

// Decides which way to move, at most 1 degree per 20 ms frame.
void track() {
  int east = analogRead(EAST_LDR_PIN);
  int west = analogRead(WEST_LDR_PIN);

  if (frameCount % 25 == 0) {  // print twice a second
    Serial.print(F("East: "));
    Serial.print(east);
    Serial.print(F("  West: "));
    Serial.print(west);
    Serial.print(F("  Angle: "));
    Serial.println(angle);
  }

  if (east < NIGHT_LEVEL && west < NIGHT_LEVEL) {
    if (!dark) {
      dark = true;
      darkSince = millis();
    }
    // Dark for a whole minute: night. Slowly turn back to face the east,
    // ready for the sunrise (1 degree every 0.2 s).
    if (millis() - darkSince > NIGHT_AFTER_MS && frameCount % 10 == 0) {
      angle += TOWARD_EAST;
    }
  } else {
    dark = false;
    int difference = east - west - LDR_OFFSET;
    if (difference > DEADBAND) {
      angle += TOWARD_EAST;  // east is brighter
    } else if (difference < -DEADBAND) {
      angle -= TOWARD_EAST;  // west is brighter
    }
  }
  angle = constrain(angle, MIN_ANGLE, MAX_ANGLE);
}

void setup() {
  pinMode(SERVO_PIN, OUTPUT);
  Serial.begin(9600);
}

void loop() {
  unsigned long frameStart = micros();
  if (CENTER_SERVO_ONLY) {
    servoPulse(90);
  } else {
    servoPulse(angle);
    track();
  }
  frameCount++;
  while (micros() - frameStart < 20000UL) {
    // wait for the rest of the 20 ms frame
  }
}
