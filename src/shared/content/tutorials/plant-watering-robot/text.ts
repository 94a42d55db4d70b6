import type { Project } from '../../projects.ts';

/** The tutorial's words: what it is, what it takes, its video and its steps. */
export const text: Project = {
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
};
