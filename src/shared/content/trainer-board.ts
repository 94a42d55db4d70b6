import type { Circuit, WiringPart } from './tutorials.ts';

/*
 * The trainer board of the playground (issue 32): one fixed circuit every learner can rely on, as a
 * classroom's trainer shield is. An Uno with three LEDs, a push button, a potentiometer, a buzzer, a
 * servo, an HC-SR04 distance sensor and a 16×2 I²C LCD, each on the pin a trainer shield would give
 * it, clear of the pins the Uno uses for something else:
 * - the LEDs on PWM pins (3, 5, 6), so analogWrite() dims each of them; 5 and 6 are timer 0's, which
 *   neither the Servo library (timer 1: 9 and 10 lose PWM) nor tone() (timer 2: 3 and 11) takes;
 * - the button on 2 (an interrupt pin) to ground, read with INPUT_PULLUP: pressed reads LOW;
 * - the servo on 9, as the Servo library's own examples use it; the buzzer on 8 for tone();
 * - D0/D1 (the USB serial), D13 (the board's own L LED, LED_BUILTIN) and D10–D12 stay free;
 * - the LCD on the I²C pins A4 (SDA) and A5 (SCL), at the backpack's usual address 0x27.
 * The simulator runs a learner's program on it and the build draws it with the tutorials' renderer.
 */

/** Its name, as the playground and its wiring diagram give it. */
export const TRAINER_BOARD_TITLE = 'Trainer board';

/** The LCD backpack's I²C address (PCF8574 with A0–A2 open, as most are sold). */
export const TRAINER_LCD_ADDRESS = 0x27;

const PARTS: readonly WiringPart[] = [
  {
    id: 'arduino',
    kind: 'arduino',
    label: 'Arduino Uno',
    pins: ['5V', 'GND', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D9', 'A0', 'A4', 'A5'],
  },
  { id: 'rail', kind: 'breadboard-rail', label: 'Power rail', pins: ['+', '-'] },
  { id: 'button', kind: 'push-button', label: 'Push button', pins: ['leg 1', 'leg 2'] },
  { id: 'greenLed', kind: 'led', label: 'Green LED', pins: ['+', '-'] },
  { id: 'sonar', kind: 'hc-sr04', label: 'Distance sensor (HC-SR04)', pins: ['VCC', 'TRIG', 'ECHO', 'GND'] },
  { id: 'yellowLed', kind: 'led', label: 'Yellow LED', pins: ['+', '-'] },
  { id: 'redLed', kind: 'led', label: 'Red LED', pins: ['+', '-'] },
  { id: 'buzzer', kind: 'passive-buzzer', label: 'Buzzer', pins: ['+', '-'] },
  { id: 'servo', kind: 'servo-sg90', label: 'Servo (SG90)', pins: ['signal', 'V+', 'GND'] },
  { id: 'pot', kind: 'potentiometer', label: 'Potentiometer', pins: ['left', 'wiper', 'right'] },
  { id: 'lcd', kind: 'lcd-i2c', label: '16×2 LCD (I2C, 0x27)', pins: ['VCC', 'GND', 'SDA', 'SCL'] },
];

export const TRAINER_BOARD: Circuit = {
  slug: 'trainer-board',
  board: 'uno',
  parts: PARTS,
  wires: [
    { from: 'arduino.5V', to: 'rail.+', color: 'red' },
    { from: 'arduino.GND', to: 'rail.-', color: 'black' },
    { from: 'button.leg 1', to: 'arduino.D2', color: 'white' },
    { from: 'button.leg 2', to: 'rail.-', color: 'black' },
    { from: 'greenLed.+', to: 'arduino.D3', color: 'green' },
    { from: 'greenLed.-', to: 'rail.-', color: 'black' },
    { from: 'sonar.VCC', to: 'rail.+', color: 'red' },
    { from: 'sonar.TRIG', to: 'arduino.D7', color: 'blue' },
    { from: 'sonar.ECHO', to: 'arduino.D4', color: 'purple' },
    { from: 'sonar.GND', to: 'rail.-', color: 'black' },
    { from: 'yellowLed.+', to: 'arduino.D5', color: 'yellow' },
    { from: 'yellowLed.-', to: 'rail.-', color: 'black' },
    { from: 'redLed.+', to: 'arduino.D6', color: 'orange' },
    { from: 'redLed.-', to: 'rail.-', color: 'black' },
    { from: 'buzzer.+', to: 'arduino.D8', color: 'grey' },
    { from: 'buzzer.-', to: 'rail.-', color: 'black' },
    { from: 'servo.signal', to: 'arduino.D9', color: 'orange' },
    { from: 'servo.V+', to: 'rail.+', color: 'red' },
    { from: 'servo.GND', to: 'rail.-', color: 'brown' },
    { from: 'pot.left', to: 'rail.-', color: 'black' },
    { from: 'pot.wiper', to: 'arduino.A0', color: 'green' },
    { from: 'pot.right', to: 'rail.+', color: 'red' },
    { from: 'lcd.VCC', to: 'rail.+', color: 'red' },
    { from: 'lcd.GND', to: 'rail.-', color: 'black' },
    { from: 'lcd.SDA', to: 'arduino.A4', color: 'blue' },
    { from: 'lcd.SCL', to: 'arduino.A5', color: 'yellow' },
  ],
};

/** One row of the trainer's pin table: the pin as a sketch names it, the part on it, and what the sketch does with it. */
export interface TrainerPin {
  /** As the sketch writes it: `2`, `A0`, `A4 (SDA)`. */
  readonly pin: string;
  /** The part's id in TRAINER_BOARD. */
  readonly partId: string;
  readonly part: string;
  readonly use: string;
}

/** The pins of the trainer board, in pin order, for the playground page and the README. */
export const TRAINER_PINS: readonly TrainerPin[] = [
  {
    pin: '2',
    partId: 'button',
    part: 'Push button',
    use: 'pinMode(2, INPUT_PULLUP); digitalRead(2) is LOW while it is pressed',
  },
  { pin: '3', partId: 'greenLed', part: 'Green LED', use: 'digitalWrite, or analogWrite 0–255 to dim it' },
  { pin: '4', partId: 'sonar', part: 'HC-SR04 ECHO', use: 'pulseIn(4, HIGH) gives the echo in µs: cm = µs / 58' },
  { pin: '5', partId: 'yellowLed', part: 'Yellow LED', use: 'digitalWrite, or analogWrite 0–255 to dim it' },
  { pin: '6', partId: 'redLed', part: 'Red LED', use: 'digitalWrite, or analogWrite 0–255 to dim it' },
  { pin: '7', partId: 'sonar', part: 'HC-SR04 TRIG', use: 'a 10 µs HIGH pulse starts a measurement' },
  { pin: '8', partId: 'buzzer', part: 'Buzzer (passive)', use: 'tone(8, frequency) plays a note, noTone(8) stops it' },
  { pin: '9', partId: 'servo', part: 'Servo (SG90)', use: 'Servo.attach(9), then write(0…180) turns the arm' },
  {
    pin: 'A0',
    partId: 'pot',
    part: 'Potentiometer',
    use: 'analogRead(A0): 0 turned fully left, 1023 fully right',
  },
  {
    pin: 'A4 (SDA)',
    partId: 'lcd',
    part: '16×2 LCD, I²C address 0x27',
    use: 'LiquidCrystal_I2C lcd(0x27, 16, 2); the Wire library uses A4 and A5',
  },
  { pin: 'A5 (SCL)', partId: 'lcd', part: '16×2 LCD, I²C address 0x27', use: 'the I²C clock, with A4' },
];
