import type { Project } from '../../projects.ts';

/** The tutorial's words: what it is, what it takes, its video and its steps. */
export const text: Project = {
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
};
