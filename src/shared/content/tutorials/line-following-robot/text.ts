import type { Project } from '../../projects.ts';

/** The tutorial's words: what it is, what it takes, its video and its steps. */
export const text: Project = {
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
};
