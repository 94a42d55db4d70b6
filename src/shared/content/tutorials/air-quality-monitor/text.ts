import type { Project } from '../../projects.ts';

/** The tutorial's words: what it is, what it takes, its video and its steps. */
export const text: Project = {
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
};
