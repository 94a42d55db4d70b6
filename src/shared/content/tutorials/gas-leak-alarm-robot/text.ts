import type { Project } from '../../projects.ts';

/** The tutorial's words: what it is, what it takes, its video and its steps. */
export const text: Project = {
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
};
