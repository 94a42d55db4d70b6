/*
 * The trainer board's starter sketches (issue 32): one click on the playground loads one into the
 * editor. Each is a short program for the trainer board's pins (../trainer-board.ts), commented
 * for a beginner; starters.system.test.ts compiles each with the real toolchain and runs it on the
 * simulated trainer board. The page gets their text from the build (virtual:trainer-board-assets).
 */

export interface TrainerStarter {
  /** Its id, and its file's name without `.ino`. */
  readonly id: string;
  readonly title: string;
  /** One line a 10-year-old reads before choosing it. */
  readonly description: string;
  /** The file beside this module. */
  readonly file: string;
}

export const TRAINER_STARTERS: readonly TrainerStarter[] = [
  {
    id: 'blink',
    title: 'Blink',
    description: 'Make the red light flash on and off, again and again.',
    file: 'blink.ino',
  },
  {
    id: 'button',
    title: 'Button',
    description: 'Press the button and the green light comes on.',
    file: 'button.ino',
  },
  {
    id: 'dimmer',
    title: 'Dimmer',
    description: 'Turn the knob to make the yellow light brighter or dimmer.',
    file: 'dimmer.ino',
  },
  {
    id: 'distance-alarm',
    title: 'Distance alarm',
    description: 'Beep and light up red when something comes too close to the sensor.',
    file: 'distance-alarm.ino',
  },
  {
    id: 'servo-sweep',
    title: 'Servo sweep',
    description: 'Swing the servo arm slowly from one side to the other and back.',
    file: 'servo-sweep.ino',
  },
  {
    id: 'lcd-hello',
    title: 'LCD hello',
    description: 'Write “Hello” on the screen and count the seconds.',
    file: 'lcd-hello.ino',
  },
];
