import type { Project } from '../../projects.ts';

/** The tutorial's words: what it is, what it takes, its video and its steps. */
export const text: Project = {
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
};
