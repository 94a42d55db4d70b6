// Line-Following Robot - RoboForge project 2
// Board: Arduino Uno
//
// Two infrared sensors look at the floor. The robot drives straight while
// both see white, and steers back whenever one of them sees the black tape.
//
// Wiring:
//   Left sensor   VCC -> 5V   GND -> GND   OUT -> D2
//   Right sensor  VCC -> 5V   GND -> GND   OUT -> D3
//   L298N  IN1 -> D5   IN2 -> D6     (left motor on OUT1/OUT2)
//          IN3 -> D9   IN4 -> D10    (right motor on OUT3/OUT4)
//          Leave the ENA and ENB jumpers ON: the IN pins set the speed.
//   Battery +  -> L298N 12V, and L298N 12V -> Arduino VIN
//   Battery -  -> L298N GND, and L298N GND -> Arduino GND (shared ground)

// ---- Pins: named after what is wired to them ----
const uint8_t LEFT_SENSOR_PIN = 2;         // left IR sensor OUT
const uint8_t RIGHT_SENSOR_PIN = 3;        // right IR sensor OUT
// The motor pins must be PWM pins (marked ~ on the board), so that
// analogWrite() can set the speed.
const uint8_t LEFT_MOTOR_IN1_PIN = 5;      // L298N IN1: left motor forwards
const uint8_t LEFT_MOTOR_IN2_PIN = 6;      // L298N IN2: left motor backwards
const uint8_t RIGHT_MOTOR_IN3_PIN = 9;     // L298N IN3: right motor forwards
const uint8_t RIGHT_MOTOR_IN4_PIN = 10;    // L298N IN4: right motor backwards

// ---- Calibration and tuning ----
// What a sensor reads over the black tape. Most modules give HIGH (1) on
// black and LOW (0) on white. If yours is the other way round, use LOW.
const uint8_t ON_BLACK = HIGH;

// Speeds go from 0 (stopped) to 255 (full speed). Start slow!
const int DRIVE_SPEED = 120;        // both wheels, going straight
const int OUTER_WHEEL_SPEED = 130;  // the outside wheel in a turn
// The inside wheel in a turn: 0 stops it. A small number (like 40) gives
// smoother turns; a negative number (like -60) spins it backwards for
// sharp corners.
const int INNER_WHEEL_SPEED = 0;

// Test switches: set one to true, upload, test, then set it back to false.
const bool SENSOR_TEST = false;  // motors stay off, sensors are printed
const bool MOTOR_TEST = false;   // both wheels forward for 1 s, then stop

// Drives one motor. speed: -255 (full backwards) to 255 (full forwards).
// One IN pin gets a PWM signal (the speed), the other stays LOW.
void setMotor(uint8_t forwardPin, uint8_t backwardPin, int speed) {
  speed = constrain(speed, -255, 255);
  if (speed >= 0) {
    analogWrite(backwardPin, 0);
    analogWrite(forwardPin, speed);
  } else {
    analogWrite(forwardPin, 0);
    analogWrite(backwardPin, -speed);
  }
}

void drive(int leftSpeed, int rightSpeed) {
  setMotor(LEFT_MOTOR_IN1_PIN, LEFT_MOTOR_IN2_PIN, leftSpeed);
  setMotor(RIGHT_MOTOR_IN3_PIN, RIGHT_MOTOR_IN4_PIN, rightSpeed);
}

void setup() {
  pinMode(LEFT_SENSOR_PIN, INPUT);
  pinMode(RIGHT_SENSOR_PIN, INPUT);
  pinMode(LEFT_MOTOR_IN1_PIN, OUTPUT);
  pinMode(LEFT_MOTOR_IN2_PIN, OUTPUT);
  pinMode(RIGHT_MOTOR_IN3_PIN, OUTPUT);
  pinMode(RIGHT_MOTOR_IN4_PIN, OUTPUT);
  drive(0, 0);
  Serial.begin(9600);

  if (MOTOR_TEST) {
    // Lift the wheels off the table first! Both must turn forwards.
    drive(DRIVE_SPEED, DRIVE_SPEED);
    delay(1000);
    drive(0, 0);
    Serial.println(F("Motor test done. Did both wheels turn forwards?"));
    while (true) {
      // stop here until the next upload
    }
  }

  // 3 seconds to put the robot on the track before it starts driving.
  delay(3000);
}

void loop() {
  bool leftOnBlack = digitalRead(LEFT_SENSOR_PIN) == ON_BLACK;
  bool rightOnBlack = digitalRead(RIGHT_SENSOR_PIN) == ON_BLACK;

  if (SENSOR_TEST) {
    // 1 means "sees black". Hold the robot over white, then over the tape.
    Serial.print(F("Left: "));
    Serial.print(leftOnBlack ? 1 : 0);
    Serial.print(F("   Right: "));
    Serial.println(rightOnBlack ? 1 : 0);
    delay(200);
    return;
  }

  if (!leftOnBlack && !rightOnBlack) {
    // Both on white: the line is between the sensors, go straight.
    drive(DRIVE_SPEED, DRIVE_SPEED);
  } else if (leftOnBlack && !rightOnBlack) {
    // The line has moved under the left sensor: turn left.
    drive(INNER_WHEEL_SPEED, OUTER_WHEEL_SPEED);
  } else if (!leftOnBlack && rightOnBlack) {
    // The line has moved under the right sensor: turn right.
    drive(OUTER_WHEEL_SPEED, INNER_WHEEL_SPEED);
  } else {
    // Both on black: a crossing or the finish line, so stop.
    drive(0, 0);
  }
}
