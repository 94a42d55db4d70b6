export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced', 'Professional'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Accent colour of a project's card: a key the web app maps to a palette. */
export const PROJECT_COLORS = [
  'green',
  'cyan',
  'teal',
  'sky',
  'amber',
  'orange',
  'blue',
  'lime',
  'rose',
  'violet',
] as const;
export type ProjectColor = (typeof PROJECT_COLORS)[number];

/** The Arduino boards the tutorials are written for. Each project's sketch compiles for its board. */
export const BOARDS = ['uno', 'nano', 'mega'] as const;
export type Board = (typeof BOARDS)[number];
export const BOARD_NAMES: Readonly<Record<Board, string>> = {
  uno: 'Arduino Uno',
  nano: 'Arduino Nano',
  mega: 'Arduino Mega 2560',
};

export interface Project {
  readonly id: number; // 1..9
  readonly slug: string; // kebab-case; names the tutorial page and the sketch file sketches/<slug>.ino
  readonly title: string;
  readonly emoji: string; // one emoji
  readonly description: string; // one sentence, 90-160 characters, says what the robot does and what you learn
  readonly difficulty: Difficulty;
  readonly color: ProjectColor;
  readonly board: Board; // the board the sketch and the wiring are written for
  readonly time: string; // honest build time for a beginner, e.g. "2–3 hours"
  readonly cost: string; // approximate cost of the parts: a 2026 hobby-shop estimate in USD, e.g. "about $35"
  readonly learn: readonly string[]; // 3-5 short "What you will learn" points
  readonly video: { readonly youtubeId: string; readonly title: string }; // id: 11 chars [A-Za-z0-9_-]
  readonly materials: readonly string[]; // 6-10 items, each with a quantity, e.g. "1 × Arduino Uno R3 with USB cable"
  readonly steps: readonly string[]; // 6-12 steps; they follow the sketch in sketches/<slug>.ino (same pins, same names)
  /**
   * 0-based indexes of the steps that are safety warnings ("not a certified detector", water and
   * mains): shown as a warning callout, not ticked, not numbered, not counted. Progress is stored by
   * index, so a step keeps its index when it becomes (or stops being) one.
   */
  readonly safetySteps?: readonly number[];
}

// Costs below are 2026 hobby-shop estimates in USD for the parts list, with an Uno- or Nano-compatible board.
export const PROJECTS: readonly Project[] = [
  {
    id: 1,
    slug: 'plant-watering-robot',
    title: 'Plant Watering Robot',
    emoji: '🌱',
    description:
      'A robot that checks how dry the soil is and waters your plant with a small pump, teaching you analog sensors, thresholds and relays.',
    difficulty: 'Beginner',
    color: 'green',
    board: 'uno',
    time: '2–3 hours',
    cost: 'about $35',
    learn: [
      'Reading an analog sensor with analogRead()',
      'Calibrating a sensor and choosing a threshold',
      'Switching a pump safely with a relay and its own battery',
      'Adding a safety limit so a robot cannot keep going wrong',
    ],
    video: { youtubeId: '3N2RkTXP5mA', title: 'Video 15: Automating Plant Watering (SunFounder)' },
    materials: [
      '1 × Arduino Uno R3 (or a compatible board) with USB cable',
      '1 × capacitive soil moisture sensor (v1.2, analog output)',
      '1 × 5 V single-channel relay module',
      '1 × 3–6 V mini submersible water pump',
      '1 × 1 m silicone tube that fits the pump outlet',
      '1 × battery holder for 4 AA batteries (6 V), with batteries, to power the pump',
      '1 × water container, such as a clean plastic bottle or jar',
      '1 × half-size breadboard',
      '15 × jumper wires (male-to-male and male-to-female)',
      '1 × potted plant',
    ],
    steps: [
      'Safety first: the pump runs only from the 4 AA battery pack, never from mains power. Keep the Arduino and the relay on a dry shelf above and away from the water container, and dry your hands before touching the circuit.',
      "Power rails: connect the Arduino's 5V pin to the breadboard's + rail and a GND pin to its − rail. The sensor and the relay take their power from these two rails.",
      'Wire the soil sensor: VCC to the + rail, GND to the − rail and AOUT to A0. Push the probe into the pot up to the line printed on it, keeping the electronics part above the soil.',
      'Open the sketch below in the Arduino IDE, choose Tools > Board > Arduino Uno and your port, and upload it. Open the Serial Monitor at 9600 baud: loop() prints the soil reading every second. A capacitive sensor reads higher when the soil is dry.',
      'Calibrate: write down the reading in dry soil, then water the pot and write down the wet reading. Set DRY_THRESHOLD at the top of the sketch halfway between them (dry 520 and wet 260 gives 390) and upload again.',
      "Wire the relay module: VCC to the + rail, GND to the − rail and IN to D7 (PUMP_PIN in the sketch). Then the pump circuit: battery pack + to the relay's COM terminal, relay NO to the pump's + wire, and the pump's − wire back to the battery pack −.",
      'Put the pump at the bottom of the water container, push the tube onto its outlet and clip the other end to the pot so water lands near the roots. Never let the pump run dry.',
      'See how loop() decides: when the reading is above DRY_THRESHOLD it runs the pump for PUMP_TIME_MS (3 seconds), then waits SOAK_TIME_MS (30 seconds) so the water can reach the sensor before it measures again.',
      'Many relay modules switch on when IN is LOW. If your pump runs when it should be off, swap HIGH and LOW in the RELAY_ON and RELAY_OFF lines and upload again.',
      'The safety limit: after MAX_WATERINGS_IN_A_ROW (5) waterings without wet soil, the sketch stops the pump and blinks the LED built into the board, because the container is probably empty or the tube has come off. Refill it and press reset.',
      'Test it with a dry pot: watch the Serial Monitor and check that the pump runs, stops, and does not water again once the soil is wet. Change PUMP_TIME_MS or DRY_THRESHOLD if the pot floods or stays dry.',
    ],
    safetySteps: [0],
  },
  {
    id: 2,
    slug: 'line-following-robot',
    title: 'Line-Following Robot',
    emoji: '🛤️',
    description:
      'A two-wheeled car that follows a black tape track all by itself, teaching you infrared sensors, motor drivers and simple steering logic.',
    difficulty: 'Intermediate',
    color: 'violet',
    board: 'uno',
    time: '4–6 hours',
    cost: 'about $45',
    learn: [
      'How infrared sensors tell black from white',
      'Driving two DC motors with an L298N and PWM speed control',
      'Steering with if / else if decisions',
      'Testing each part on its own before putting it all together',
    ],
    video: { youtubeId: 'Cp2rD5RkYug', title: 'Video 30: Smart Car Line Tracking (SunFounder)' },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '2 × TCRT5000 IR line-tracking sensor modules (digital output, with sensitivity knob)',
      '1 × L298N dual motor driver module (with its ENA and ENB jumpers)',
      '2 × TT geared DC motors (3–6 V) with wheels',
      '1 × 2WD robot chassis kit with caster wheel, screws and spacers',
      '1 × battery holder for 6 AA batteries (9 V), with on/off switch and batteries',
      '1 × small breadboard with + and − rails',
      '25 × jumper wires (male-to-male and male-to-female)',
      '1 × roll of black electrical tape (19 mm wide), plus white card or a light-colored floor for the track',
    ],
    steps: [
      'Assemble the chassis: screw the two motors and wheels to the sides and the caster wheel at the back. Fix the Arduino, the L298N, the breadboard and the battery holder on top with spacers or double-sided tape.',
      'Mount the two IR sensors at the front, facing down, 5–10 mm above the floor. Space them a little wider than the tape, so both see white when the robot is centered on the line.',
      "Power rails: the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire each sensor's VCC to + and GND to −, then the left sensor's OUT to D2 and the right sensor's OUT to D3.",
      'Wire the motors: left motor to OUT1/OUT2 and right motor to OUT3/OUT4 on the L298N. Leave the ENA and ENB jumpers on, and connect IN1 to D5, IN2 to D6, IN3 to D9 and IN4 to D10. These are PWM pins (marked ~), so the sketch sets the speed through them.',
      "Power, with the battery switch off: battery + to the L298N's 12V terminal and battery − to its GND terminal. Add a wire from that GND terminal to the Arduino's GND so they share ground, and one from the 12V terminal to the Arduino's VIN so the battery powers both.",
      'Open the sketch below. Test the motors first: set MOTOR_TEST to true, upload, lift the wheels off the table and press reset. Both wheels must turn forwards for 1 second; if one spins backwards, swap its two wires on the L298N. Then set MOTOR_TEST back to false.',
      "Calibrate the sensors: set SENSOR_TEST to true and upload. Hold the robot over white and then over the tape, and turn each sensor's little knob until the Serial Monitor shows 1 on black and 0 on white. If yours show the opposite, change ON_BLACK to LOW.",
      'See how loop() steers: both sensors on white means drive forward; left sensor on black means turn left; right sensor on black means turn right; both on black means stop (a crossing or the finish line).',
      'Make a track with black tape on white card or a light floor. Start with a big oval with gentle curves, at least 15 cm from any edge.',
      'Set SENSOR_TEST back to false and upload, switch the battery on and put the robot on the line: it waits 3 seconds, then drives. Start with DRIVE_SPEED 120 and raise it step by step.',
      'Tune it: if the robot overshoots curves, lower DRIVE_SPEED. Set INNER_WHEEL_SPEED to about 40 for smoother turns, or to about -60 so the inner wheel spins backwards in sharp corners.',
    ],
  },
  {
    id: 3,
    slug: 'air-quality-monitor',
    title: 'Air Quality Monitor',
    emoji: '🌬️',
    description:
      'A desk monitor that rates the air in your room and shows temperature and humidity, teaching you gas sensors, baselines and LCD displays.',
    difficulty: 'Intermediate',
    color: 'sky',
    board: 'uno',
    time: '3–4 hours',
    cost: 'about $35',
    learn: [
      'How a heated gas sensor works and why it needs a baseline',
      'Reading a DHT11 by measuring its pulses with pulseIn()',
      'Showing text on a 16×2 LCD over I2C',
      'Turning a number into levels with if / else',
    ],
    video: { youtubeId: 'JCmsTtJKzW4', title: 'Arduino-based Air Quality Monitoring System (Circuit Digest)' },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '1 × MQ-135 air quality sensor module (analog output)',
      '1 × DHT11 temperature and humidity sensor module (3 pins)',
      '1 × 16×2 LCD with I2C backpack (PCF8574, address 0x27 or 0x3F)',
      '2 × LEDs (1 green, 1 red)',
      '2 × 220 Ω resistors',
      '1 × half-size breadboard',
      '20 × jumper wires (male-to-male and male-to-female)',
      '1 × 5 V USB phone charger, to run the monitor without a computer',
    ],
    steps: [
      "Power rails: connect the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire the MQ-135: VCC to +, GND to − and AO to A0.",
      'Wire the DHT11 module: VCC to +, GND to − and DATA to D2. The module already has the pull-up resistor that the DATA line needs.',
      'Wire the LCD: VCC to +, GND to −, SDA to A4 and SCL to A5.',
      "Add the LEDs: the green LED's long leg to D5 and the red LED's long leg to D6, each through a 220 Ω resistor, and both short legs to the − rail.",
      'Open the sketch below and upload it. You install no libraries: the sketch drives the LCD itself with Wire. If the screen lights up but shows nothing, turn the small screw on its back; if it stays empty, change LCD_ADDRESS from 0x27 to 0x3F.',
      'Look at readDht11(): it wakes the DHT11 with a 20 ms LOW signal, then measures 40 short HIGH pulses with pulseIn(). Short pulses are 0s and long ones are 1s, and the fifth byte is a checksum that catches bad readings.',
      'The MQ-135 has a small heater inside, so its readings drift at first. Run a brand-new sensor for a few hours the first time. After that, the sketch waits WARM_UP_SECONDS (3 minutes) at every start and shows a countdown.',
      'Find your clean-air baseline: put the monitor by an open window, watch the number at the end of the bottom row (or in the Serial Monitor) until it settles, type it into CLEAN_AIR_BASELINE (for example 150) and upload again.',
      'How the levels work: up to baseline + 50 is GOOD (green LED), up to baseline + 150 is MODERATE (both LEDs) and anything higher is POOR (red LED). These are levels compared with your clean air, not exact ppm values.',
      'Test it by holding an open marker pen or an alcohol wipe a few centimeters from the sensor. The number should rise and the label change, then fall back when you take it away. Never use smoke or flames to test.',
      'Place the finished monitor where air flows freely around the sensor, away from heaters and kitchen steam, and watch how the air changes through the day, for example when the window is closed or many people are in the room.',
    ],
  },
  {
    id: 4,
    slug: 'waste-sorting-robot',
    title: 'Waste Sorting Robot',
    emoji: '♻️',
    description:
      'A sorting station that senses whether an item is metal, wet or dry and drops it into the right bin, teaching you to combine sensors and servos.',
    difficulty: 'Advanced',
    color: 'lime',
    board: 'uno',
    time: '8–10 hours, over two weekends',
    cost: 'about $50',
    learn: [
      'Combining three different sensors to make one decision',
      'Driving servos with your own 50 Hz pulses',
      'Powering motors from their own battery with a shared ground',
      'Testing and tuning a machine until it is reliable',
    ],
    video: { youtubeId: 's5CwtBsv_bo', title: 'Trash Sorting Robot (TSR) demo' },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '1 × IR obstacle sensor module (detects when an item arrives)',
      '1 × LJ12A3-4-Z/BX-5V inductive proximity sensor (the 5 V NPN version; it senses metal within 4 mm)',
      '1 × resistive soil moisture sensor with fork probe and comparator board (detects wet items)',
      '2 × servo motors (1 × MG996R for the chute, 1 × SG90 for the trapdoor)',
      '1 × battery holder for 4 AA batteries (6 V), with batteries, for the servos',
      '3 × small bins or plastic boxes (metal, wet, dry), plus 1 large cardboard box for the frame',
      '1 × half-size breadboard',
      '25 × jumper wires (male-to-male and male-to-female)',
    ],
    steps: [
      'Build the frame from cardboard: a top platform with a thin card trapdoor (opened by the SG90), and below it a short chute glued to the MG996R horn that can swing to point at each of the three bins.',
      'Mount the sensors: the IR sensor looks across the trapdoor to spot a new item, the moisture fork lies flat on the trapdoor so items rest on it, and the inductive sensor sits just under the trapdoor, pointing up. It only senses metal within about 4 mm.',
      "Power rails: connect the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire the IR sensor (VCC to +, GND to −, OUT to D2) and the moisture board (VCC to +, GND to −, AO to A0).",
      'Wire the metal sensor: brown wire to +, blue wire to − and black wire to D3. Buy the 5 V version: the common 6–36 V one needs a higher voltage and can push it into the Arduino pin. The sketch uses INPUT_PULLUP, so D3 reads LOW when metal is near.',
      "Wire the servos: the trapdoor's orange signal wire to D9 and the chute's to D10. Power both servos' red and brown wires from the 6 V battery pack, never from the Arduino's 5V pin, and join the pack's − to the − rail so all grounds are shared.",
      'Open the sketch below and upload it. No Servo library is needed: waitWithServos() sends each servo a pulse every 20 ms by itself. Use waitWithServos() instead of delay() in any code you add, or the servos stop holding their position.',
      'Find the servo angles: change CHUTE_METAL_ANGLE, CHUTE_WET_ANGLE, CHUTE_DRY_ANGLE and the two TRAPDOOR angles a little at a time, upload, and watch where the chute points and how far the trapdoor opens.',
      'Test every sensor: set SENSOR_TEST to true and try an empty metal can, a damp sponge and a ball of paper, writing down the Serial Monitor readings. Set WET_BELOW between the wet and dry moisture numbers, then set SENSOR_TEST back to false.',
      'See how sortItem() decides: once the IR sensor sees an item it pauses 1 second, checks metal first, then moisture, and otherwise treats the item as dry. It turns the chute, opens the trapdoor for 1 second, closes it and waits 2 seconds.',
      'Test with 10 items and count the mistakes. Adjust WET_BELOW, the sensor positions or the chute angles until at least 9 of 10 land in the right bin. Use clean test items and wash your hands after handling anything wet.',
      'Going further: the robot in the video uses a Raspberry Pi camera instead. You can train an image classifier with Teachable Machine and send its answer to the Arduino over USB serial to choose the bin.',
    ],
  },
  {
    id: 5,
    slug: 'solar-tracking-robot',
    title: 'Solar Tracking Robot',
    emoji: '☀️',
    description:
      'A small solar panel that turns to face the brightest light on its own, teaching you light sensors, voltage dividers and servo control.',
    difficulty: 'Intermediate',
    color: 'amber',
    board: 'uno',
    time: '3–4 hours',
    cost: 'about $25',
    learn: [
      'How an LDR and a resistor make a voltage divider',
      'Comparing two sensors to find a direction',
      'Moving a servo with your own pulses, without a library',
      'Using a deadband so a machine does not jitter',
    ],
    video: {
      youtubeId: 'rBVPjluTRhk',
      title: 'Video 11: Servo Motor | Single-Axis Solar Tracker using Photoresistors (SunFounder)',
    },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '1 × SG90 micro servo motor with horns and screws',
      '1 × mini solar panel (5–6 V), or a piece of card as a stand-in',
      '2 × LDR photoresistors (5 mm)',
      '2 × 10 kΩ resistors',
      '1 × half-size breadboard',
      '15 × jumper wires (male-to-male and male-to-female), some of them 20 cm long',
      '1 × piece of stiff cardboard or MDF for the base, upright and divider',
      '1 × hot glue gun with glue sticks (use it with an adult)',
      '1 × multimeter (optional, to measure the panel voltage)',
    ],
    steps: [
      "Power rails: connect the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire the servo: brown wire to −, red wire to + and orange signal wire to D9.",
      'Open the sketch below, set CENTER_SERVO_ONLY to true and upload: the servo turns to 90° and holds there. Now glue the servo to an upright on the base and attach the panel to the servo horn with a cardboard L-bracket, so the panel can tilt from east to west.',
      'Glue one LDR to the east edge of the panel and one to the west edge. Add a small cardboard wall about 4 cm high between them, so light from one side shades the other LDR.',
      'Wire each LDR as a voltage divider: one leg to the + rail, the other leg to an analog pin and to a 10 kΩ resistor whose other leg goes to the − rail. Use A0 for the east LDR and A1 for the west LDR, with long wires, because the LDRs move with the panel.',
      'Set CENTER_SERVO_ONLY back to false and upload. Open the Serial Monitor and shine a flashlight from each side: the side facing the light should give the bigger number. If the two differ in even light, type the difference into LDR_OFFSET.',
      'See how track() works: difference = east - west - LDR_OFFSET. Above DEADBAND (30) the servo moves 1° toward the east, below -30 it moves 1° toward the west, otherwise it stays still. The angle stays between MIN_ANGLE and MAX_ANGLE.',
      'If the panel turns away from the light instead of toward it, change TOWARD_EAST from 1 to -1 and upload again.',
      'Night mode is already in the sketch: when both readings stay below NIGHT_LEVEL (100) for NIGHT_AFTER_MS (one minute), the panel slowly turns back to face east, ready for the sunrise.',
      'Look inside servoPulse(): there is no Servo library, just a HIGH pulse of 0.5 to 2.4 ms sent every 20 ms, and its length sets the angle. If the servo buzzes at one end, move SERVO_MIN_US or SERVO_MAX_US 100 closer to 1500.',
      'Test indoors with a flashlight in a dim room, then outdoors on a sunny day. If the panel jitters, raise DEADBAND from 30 to 50. Never look straight at the sun.',
      "Going further: measure the panel's voltage with a multimeter when it is fixed and when it is tracking, and compare. A second servo and four LDRs make a dual-axis tracker.",
    ],
  },
  {
    id: 6,
    slug: 'gas-leak-alarm-robot',
    title: 'Gas Leak Alarm Robot',
    emoji: '🚨',
    description:
      'An alarm that smells the air for gas and smoke and warns with lights, a display and a buzzer, teaching you gas sensors and alarm levels.',
    difficulty: 'Intermediate',
    color: 'orange',
    board: 'uno',
    time: '2–3 hours',
    cost: 'about $30',
    learn: [
      'How an MQ gas sensor and its heater work',
      'Alarm levels built from a baseline and margins',
      'Blinking and beeping with millis() instead of delay()',
      'Why a learning project must never replace a certified detector',
    ],
    video: { youtubeId: 'wDVh-0BptOI', title: 'Gas Leak Monitor (SunFounder)' },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '1 × MQ-2 gas and smoke sensor module (AO and DO outputs)',
      '1 × active 5 V buzzer',
      '2 × LEDs (1 red, 1 green)',
      '2 × 220 Ω resistors',
      '1 × 16×2 LCD with I2C backpack (PCF8574, address 0x27 or 0x3F)',
      '1 × half-size breadboard',
      '20 × jumper wires (male-to-male and male-to-female)',
      '1 × USB power bank, for a portable alarm (the sensor heater empties a 9 V battery in a few hours)',
    ],
    steps: [
      'Safety first: this is a learning project, not a certified gas or smoke detector, so never use it instead of a real one. Never create a real gas leak and never use flames near the sensor.',
      "Power rails: connect the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire the MQ-2: VCC to +, GND to − and AO to A0. Its heater gets hot, so do not touch the metal mesh while it is running.",
      'Connect the buzzer + to D9 and − to the − rail. Connect the red LED to D2 and the green LED to D3, each through a 220 Ω resistor, with their short legs to the − rail.',
      'Wire the LCD: VCC to +, GND to −, SDA to A4 and SCL to A5. The sketch drives it with the Wire library, so you install nothing. If the screen stays blank, change LCD_ADDRESS to 0x3F or turn the small screw on its back.',
      'Open the sketch below and upload it. At every start it runs a self-test (both LEDs and a short beep), then blinks the green LED during the WARM_UP_SECONDS warm-up. A brand-new sensor needs a few hours of running the first time.',
      'Find your baseline: in fresh air, after the warm-up, watch the gas level on the LCD or in the Serial Monitor for a few minutes and type the usual value into BASELINE, for example 120. Upload again.',
      'The two levels: WARNING starts at BASELINE + WARNING_ABOVE (100) and DANGER at BASELINE + DANGER_ABOVE (250). readGas() averages 10 readings, so one noisy value cannot start the alarm.',
      'See how updateAlarm() works: SAFE lights the green LED; WARNING blinks the red LED slowly and beeps every 3 seconds; DANGER blinks fast and sounds the buzzer nonstop. It uses millis() instead of delay(), so the alarm keeps measuring while it blinks.',
      'Test the alarm with no gas at all: set WARNING_ABOVE to -10 so fresh air counts as WARNING, upload, wait for the warm-up, check the lights and beeps, then put 100 back. Holding an alcohol wipe near the sensor is another safe test.',
      'Gas test only with an adult, in a well-ventilated room with no flames: hold an unlit butane lighter 10 cm from the sensor and press the gas button for one second without sparking it. The alarm should sound, then clear as the air clears.',
      'Put the electronics in a box with air holes next to the sensor. Mount the alarm low for bottled gas (LPG is heavier than air) or high for natural gas, which is lighter than air.',
    ],
    safetySteps: [0],
  },
  {
    id: 7,
    slug: 'water-quality-robot',
    title: 'Water Quality Robot',
    emoji: '💧',
    description:
      'A water tester that measures pH, dissolved solids, cloudiness and temperature, teaching you probe calibration, averaging and safe limits.',
    difficulty: 'Advanced',
    color: 'blue',
    board: 'uno',
    time: '6–8 hours, plus time for calibration',
    cost: 'about $100',
    learn: [
      'Calibrating a probe with two known solutions',
      'Averaging many readings to cut noise',
      'Measuring temperature with a thermistor and correcting other readings with it',
      'Why a learning tool must never say water is safe to drink',
    ],
    video: { youtubeId: 'vjk0nq04lCo', title: 'PhECMeter: pH and EC meter with Arduino Nano (Inżynier Domu)' },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '1 × analog pH sensor kit with glass probe (PH-4502C board)',
      '1 × analog TDS sensor with probe (DFRobot SEN0244 or Keyestudio KS0429)',
      '1 × analog turbidity sensor (DFRobot SEN0189)',
      '1 × waterproof 10 kΩ NTC thermistor probe (B value 3950) with 1 × 10 kΩ resistor',
      '1 × 16×2 LCD with I2C backpack (PCF8574, address 0x27 or 0x3F)',
      '1 × set of calibration solutions (pH 4.00 and pH 7.00 buffers, 707 ppm TDS standard)',
      '3 × clean cups or beakers, plus 1 × bottle of distilled water for rinsing',
      '1 × full-size breadboard',
      '25 × jumper wires (male-to-male and male-to-female)',
    ],
    steps: [
      'Safety first: water and electronics do not mix. Keep the Arduino and sensor boards on a dry shelf above the cups, power everything only from USB or a 5 V power bank, and wipe up spills right away. Only the probe tips go in the water.',
      "Power rails: connect the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire each sensor board to + and −, then the pH board's Po to A0, the TDS board's A to A1 and the turbidity board's A to A2 (set its little switch to A, for analog).",
      'Wire the thermistor probe as a voltage divider: one wire to the + rail, the other to A3 and to the 10 kΩ resistor, whose other leg goes to the − rail. Then the LCD: VCC to +, GND to −, SDA to A4 and SCL to A5.',
      'Open the sketch below and upload it: there are no libraries to install. printToSerial() shows every reading with its voltage in the Serial Monitor. Test one probe at a time in tap water and check that its number changes before you move on.',
      'Calibrate the pH probe: rinse it with distilled water, dip it in the pH 7 buffer, wait a minute and type the pH voltage from the Serial Monitor into PH7_VOLTS. Rinse again and do the same in pH 4 for PH4_VOLTS. The sketch draws a straight line through the two points.',
      'Calibrate TDS: dip the probe in the 707 ppm solution and change TDS_FACTOR (for example from 1.00 to 1.08) until the reading is about 707. The sketch corrects the reading for the water temperature.',
      'Calibrate turbidity: note the voltage in clear tap water and in muddy water (a spoon of soil stirred into a cup), then set CLEAR_ABOVE_VOLTS and DIRTY_BELOW_VOLTS between them. The voltage drops as water gets cloudier. Only dip the sensor up to its marked line.',
      "Check the temperature: the thermistor's resistance drops as it warms, and readTemperatureC() turns it into degrees with the beta formula. Compare it with a kitchen thermometer; if it is far off, look up your probe's B value and change THERMISTOR_BETA.",
      'The LCD switches pages every 3 seconds (PAGE_EVERY_MS), and every value is an average of 20 readings. pH and TDS probes can disturb each other in the same cup: if the pH jumps when the TDS probe goes in, test them in separate cups.',
      'The limits: if pH is outside 6.5–8.5, TDS is above 500 ppm or the water is DIRTY, the LED on the board lights and the LCD shows CHECK WATER. This is a learning tool: it can never tell you that water is safe to drink.',
      'Look after the probes: rinse them with distilled water between samples, store the pH probe wet in its cap with storage solution, and wash your hands after handling the buffer solutions.',
      'Make it a robot: mount the probes under a floating platform (a plastic tub tied to two empty bottles) with the electronics sealed in a lidded box on top. Test it in a bucket or paddling pool with an adult, never in open water.',
    ],
    safetySteps: [0],
  },
  {
    id: 8,
    slug: 'smart-irrigation-robot',
    title: 'Smart Irrigation Robot',
    emoji: '🌾',
    description:
      'A watering station that keeps soil moist, starts earlier on hot days and shows live readings on a screen, teaching you hysteresis, timers and safety limits.',
    difficulty: 'Advanced',
    color: 'teal',
    board: 'nano',
    time: '5–7 hours',
    cost: 'about $40',
    learn: [
      'Turning a sensor reading into a percentage with map()',
      'Hysteresis: separate levels to start and to stop',
      'Timing with millis() so a program can do several things at once',
      'Reading a DHT11 and driving an I2C LCD with your own code',
      'Safety limits for machines that run on their own',
    ],
    video: { youtubeId: 'SdgvQlIllPA', title: 'Video 35: Plant Monitor (SunFounder ESP32 course)' },
    materials: [
      '1 × Arduino Nano (or a compatible board) with USB cable',
      '1 × capacitive soil moisture sensor (v1.2, analog output)',
      '1 × DHT11 temperature and humidity sensor module (3 pins)',
      '1 × 5 V single-channel relay module',
      '1 × 3–6 V mini submersible water pump with 1 m of silicone tubing',
      '1 × battery holder for 4 AA batteries (6 V), with batteries, to power the pump',
      '1 × 16×2 LCD with I2C backpack (PCF8574, address 0x27 or 0x3F)',
      '1 × water tank, such as a 2 L plastic bottle, plus 1 plastic food box with lid as a splash-proof case',
      '1 × half-size breadboard',
      '20 × jumper wires (male-to-male and male-to-female)',
    ],
    steps: [
      'Push the Nano into the breadboard so its two rows of pins sit on either side of the center gap. Connect its 5V pin to the + rail and a GND pin to the − rail.',
      'Wire the soil sensor: VCC to +, GND to − and AOUT to A0. Wire the DHT11 module: VCC to +, GND to − and DATA to D2.',
      "Wire the relay: VCC to +, GND to − and IN to D7. Then the pump circuit: battery pack + to the relay's COM terminal, relay NO to the pump's + wire, and the pump's − wire back to the battery pack −.",
      'Wire the LCD: VCC to +, GND to −, SDA to A4 and SCL to A5.',
      'Safety: the pump runs only from the low-voltage battery pack, never from mains power. Keep the water tank below and away from the electronics and dry your hands before touching the circuit.',
      'Open the sketch below, choose Tools > Board > Arduino Nano and upload. If the upload fails, choose Tools > Processor > ATmega328P (Old Bootloader) and try again: many Nano boards need it. You install no libraries.',
      'Calibrate the soil sensor: in the Serial Monitor, note the Reading value in dry soil and in freshly watered soil, and type them into DRY_READING and WET_READING. The sketch turns readings into 0–100 % with map() and constrain().',
      'Choose the levels: watering starts below START_BELOW_PERCENT (35) and stops above STOP_ABOVE_PERCENT (50). Two levels (hysteresis) stop the pump clicking on and off. From HOT_DAY_C (30 °C) watering starts 10 % earlier.',
      'See how updateWatering() works: the pump runs in bursts of PUMP_BURST_MS (5 seconds), then waits SOAK_MS (1 minute) for the water to spread before it checks again. It never uses delay(), so the screen keeps updating.',
      'The safety limit: if the soil is still dry after MAX_BURSTS (6) bursts, the tank is probably empty or the tube has come off. The sketch stops and shows CHECK TANK: refill the tank, fix the tube and press the reset button.',
      'Watch your plants: showOnScreen() puts soil moisture, air temperature and air humidity on the top row and what the pump is doing on the bottom row, and printForPlotter() lets Tools > Serial Plotter draw them as graphs.',
      'Test indoors with a pot standing in a tray. Then move it outside with the electronics closed in the food box, cable holes facing down, placed in the shade and away from the water tank.',
    ],
    safetySteps: [4],
  },
  {
    id: 9,
    slug: 'medical-assistance-robot',
    title: 'Medical Assistance Robot',
    emoji: '🩺',
    description:
      'A pill reminder robot that turns a dose wheel on schedule and beeps until someone confirms, teaching you real-time clocks, stepper motors and safe design.',
    difficulty: 'Professional',
    color: 'rose',
    board: 'uno',
    time: '8–12 hours',
    cost: 'about $45',
    learn: [
      'Keeping time with a DS3231 clock over I2C',
      'Turning a stepper motor an exact number of steps',
      'Remembering data through power cuts with EEPROM',
      'Designing for safety: miss a dose rather than give it twice',
    ],
    video: { youtubeId: '1kCoDDYpgkE', title: 'DIY Pill Dispenser (Mellow Labs)' },
    materials: [
      '1 × Arduino Uno R3 with USB cable',
      '1 × DS3231 real-time clock module (ZS-042) with an LIR2032 rechargeable coin cell (not a CR2032: the module charges its cell)',
      '1 × 28BYJ-48 5 V stepper motor with ULN2003 driver board',
      '1 × 16×2 LCD with I2C backpack (PCF8574, address 0x27 or 0x3F)',
      '1 × 12 mm push button (the TAKEN button)',
      '1 × active 5 V buzzer',
      '1 × 5 V 2 A USB power supply',
      '1 × pill wheel: two cardboard or 3D-printed discs (one with 8 compartments, one base plate with a single exit hole)',
      '1 × half-size breadboard',
      '20 × jumper wires (male-to-male and male-to-female)',
    ],
    steps: [
      'Safety first: this is a learning project, not a medical device. Test it only with sweets. If it is ever used as a reminder for real medicine, an adult must fill it and check every dose, and it must never be relied on for important medication.',
      'Build the dispenser: a wheel with 8 compartments sits on the stepper shaft, above a fixed base plate with a single exit hole. A small card slide under the hole guides each dose into a cup. Leave one compartment empty as the start position.',
      "Power rails: connect the Arduino's 5V to the breadboard's + rail and GND to its − rail. Wire the DS3231 and the LCD the same way: VCC to +, GND to −, SDA to A4 and SCL to A5. They share these two pins because each has its own I2C address.",
      'Connect the ULN2003 driver: IN1–IN4 to D8–D11, + to the + rail and − to the − rail, then plug in the stepper. Wire the TAKEN button between D2 and the − rail (the sketch uses INPUT_PULLUP), and the buzzer + to D5 and − to the − rail.',
      'Open the sketch below: it needs only the Wire and EEPROM libraries that come with the IDE. Set the clock once: change SET_CLOCK to true, upload, wait for "Clock set!", then change it back to false and upload again, so the time is not reset at every restart.',
      'Calibrate the wheel while it is empty: set WHEEL_TEST to true and upload. It turns one compartment every 3 seconds and must be back where it started after 8 turns; if it drifts, change STEPS_PER_TURN (try 2038). Then set WHEEL_TEST back to false and upload it with the start compartment over the hole.',
      'Set the schedule in DOSE_HOUR and DOSE_MINUTE (8:00 and 20:00). Every second the sketch reads the clock and shows the time; when a dose time arrives it turns one compartment, shows "Take your pill!" and beeps.',
      'It beeps every 10 seconds and flashes the screen until TAKEN is pressed, then shows the time the dose was taken. If nobody presses TAKEN within 15 minutes it shows "MISSED - tell an adult". It never gives a new dose while one is waiting.',
      'Safe design: before the wheel turns, dispenseDose() saves the dose in EEPROM, memory that survives a power cut. After a restart the robot may miss a dose, but it can never give the same dose twice.',
      'Refill: when the screen shows EMPTY, an adult empties the cup, holds TAKEN while switching on (the wheel turns back to the empty start compartment) and fills compartments 1 to 7.',
      'Test with sweets: set a dose time 2 minutes ahead to check quickly, then run a whole day. An adult checks that exactly one sweet drops each time and that nothing drops at the wrong time. Label the box clearly "Educational build - not a medical device".',
      'Going further: add a MAX30102 pulse sensor on the I2C bus to show heart rate in a "health check" mode. Its readings are rough estimates for learning, not for checking anyone\'s health.',
    ],
    safetySteps: [0],
  },
];

export function findProject(id: number): Project | undefined {
  return PROJECTS.find((project) => project.id === id);
}

export function findProjectBySlug(slug: string): Project | undefined {
  return PROJECTS.find((project) => project.slug === slug);
}
