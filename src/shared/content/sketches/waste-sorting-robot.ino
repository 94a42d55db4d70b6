// Waste Sorting Robot - RoboForge project 4
// Board: Arduino Uno
//
// When an item lands on the trapdoor, the robot checks whether it is metal
// (inductive sensor) or wet (moisture fork), turns a chute to the right bin
// and opens the trapdoor so the item slides down into that bin.
//
// Wiring:
//   IR obstacle sensor  VCC -> 5V   GND -> GND   OUT -> D2
//   Metal sensor (5 V NPN version)  brown -> 5V   blue -> GND   black -> D3
//   Moisture sensor     VCC -> 5V   GND -> GND   AO  -> A0
//   Trapdoor servo (SG90)   orange -> D9,  red -> battery +,  brown -> battery -
//   Chute servo (MG996R)    orange -> D10, red -> battery +,  brown -> battery -
//   Battery pack -  -> Arduino GND (shared ground)
//
// No Servo library needed: the code below makes the servo pulses itself.

// ---- Pins: named after what is wired to them ----
const uint8_t ITEM_SENSOR_PIN = 2;        // IR obstacle sensor OUT
const uint8_t METAL_SENSOR_PIN = 3;       // inductive sensor, black wire
const uint8_t MOISTURE_SENSOR_PIN = A0;   // moisture module AO
const uint8_t TRAPDOOR_SERVO_PIN = 9;     // SG90 orange wire
const uint8_t CHUTE_SERVO_PIN = 10;       // MG996R orange wire

// ---- Calibration: find these with your own build ----
// Most IR obstacle sensors give LOW when something is in front of them.
const uint8_t ITEM_SEEN = LOW;
// The moisture number DROPS when the fork touches something wet. Test a wet
// sponge and a dry paper ball and pick a number between the two readings.
const int WET_BELOW = 800;
// Servo angles (0-180). Change them until each position is just right.
const int CHUTE_METAL_ANGLE = 30;
const int CHUTE_WET_ANGLE = 90;
const int CHUTE_DRY_ANGLE = 150;
const int TRAPDOOR_CLOSED_ANGLE = 0;
const int TRAPDOOR_OPEN_ANGLE = 90;
// Pulse width for 0 and 180 degrees, in microseconds. 500-2400 suits SG90
// and MG996R. If a servo buzzes at one end, move that end 100 closer to 1500.
const int SERVO_MIN_US = 500;
const int SERVO_MAX_US = 2400;

const unsigned long SETTLE_MS = 1000;        // let the item stop rolling
const unsigned long CHUTE_MOVE_MS = 700;     // time for the chute to turn
const unsigned long TRAPDOOR_OPEN_MS = 1000;
const unsigned long NEXT_ITEM_MS = 2000;     // pause before the next item

// Test switch: true = print the sensors twice a second and sort nothing.
const bool SENSOR_TEST = false;

int trapdoorAngle = TRAPDOOR_CLOSED_ANGLE;  // where each servo should be
int chuteAngle = CHUTE_DRY_ANGLE;

// ---- Servo driving without a library ----
// A servo wants one pulse every 20 ms. The pulse length sets the angle:
// about 0.5 ms is 0 degrees and 2.4 ms is 180 degrees. We keep sending
// pulses all the time, so the servos hold their position.
void servoPulse(uint8_t pin, int angle) {
  unsigned int width = map(angle, 0, 180, SERVO_MIN_US, SERVO_MAX_US);
  digitalWrite(pin, HIGH);
  delayMicroseconds(width);
  digitalWrite(pin, LOW);
}

// Use this instead of delay(): it waits, but keeps both servos holding.
void waitWithServos(unsigned long ms) {
  unsigned long start = millis();
  do {
    unsigned long frameStart = micros();
    servoPulse(TRAPDOOR_SERVO_PIN, trapdoorAngle);
    servoPulse(CHUTE_SERVO_PIN, chuteAngle);
    while (micros() - frameStart < 20000UL) {
      // wait for the rest of the 20 ms frame
    }
  } while (millis() - start < ms);
}

int readMoisture() {
  long total = 0;
  for (int i = 0; i < 10; i++) {
    total += analogRead(MOISTURE_SENSOR_PIN);
  }
  return total / 10;
}

// The inductive sensor pulls its black wire to GND (LOW) when metal is
// within about 4 mm. We check 5 times so one glitch is not enough.
bool isMetal() {
  int hits = 0;
  for (int i = 0; i < 5; i++) {
    if (digitalRead(METAL_SENSOR_PIN) == LOW) {
      hits++;
    }
    delay(2);
  }
  return hits >= 3;
}

void sortItem() {
  waitWithServos(SETTLE_MS);

  // Metal first, because a wet can is still metal.
  int moisture = readMoisture();
  if (isMetal()) {
    Serial.println(F("Metal"));
    chuteAngle = CHUTE_METAL_ANGLE;
  } else if (moisture < WET_BELOW) {
    Serial.println(F("Wet"));
    chuteAngle = CHUTE_WET_ANGLE;
  } else {
    Serial.println(F("Dry"));
    chuteAngle = CHUTE_DRY_ANGLE;
  }
  waitWithServos(CHUTE_MOVE_MS);

  trapdoorAngle = TRAPDOOR_OPEN_ANGLE;  // drop the item down the chute
  waitWithServos(TRAPDOOR_OPEN_MS);
  trapdoorAngle = TRAPDOOR_CLOSED_ANGLE;

  digitalWrite(LED_BUILTIN, HIGH);  // the board's own LED: "sorted"
  waitWithServos(NEXT_ITEM_MS);
  digitalWrite(LED_BUILTIN, LOW);
}

void setup() {
  pinMode(ITEM_SENSOR_PIN, INPUT);
  pinMode(METAL_SENSOR_PIN, INPUT_PULLUP);  // the black wire only pulls LOW
  pinMode(TRAPDOOR_SERVO_PIN, OUTPUT);
  pinMode(CHUTE_SERVO_PIN, OUTPUT);
  pinMode(LED_BUILTIN, OUTPUT);
  Serial.begin(9600);
  waitWithServos(1000);  // move both servos to their start positions
  Serial.println(F("Waste Sorting Robot ready"));
}

void loop() {
  if (SENSOR_TEST) {
    Serial.print(F("Item: "));
    Serial.print(digitalRead(ITEM_SENSOR_PIN) == ITEM_SEEN ? F("yes") : F("no"));
    Serial.print(F("   Metal: "));
    Serial.print(isMetal() ? F("yes") : F("no"));
    Serial.print(F("   Moisture: "));
    Serial.println(readMoisture());
    waitWithServos(500);
    return;
  }

  if (digitalRead(ITEM_SENSOR_PIN) == ITEM_SEEN) {
    sortItem();
  } else {
    waitWithServos(20);  // nothing there: keep the servos holding
  }
}
