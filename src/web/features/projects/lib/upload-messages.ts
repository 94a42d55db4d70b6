import type { UploadFailure } from '#device/upload/stk500.ts';

/** What went wrong with an upload, said so that a 13-year-old knows what to do next. */
export interface FailureMessage {
  readonly title: string;
  readonly steps: readonly string[];
}

/** `no-port`: the chooser was closed without choosing; `no-chooser`: the browser did not show it. */
export type UploadProblem = UploadFailure | 'port-busy' | 'no-program' | 'no-port' | 'no-chooser';

export function failureMessage(problem: UploadProblem, board: { readonly isNano: boolean }): FailureMessage {
  switch (problem) {
    case 'no-answer':
      return {
        title: 'The board did not answer',
        steps: [
          'Press the reset button on the board, then try again.',
          'Check the USB cable: some cables only charge and carry no data.',
          'Make sure you picked the right port (unplug the board and see which one disappears).',
          ...(board.isNano ? ['For a Nano, try the other bootloader setting above.'] : []),
        ],
      };
    case 'wrong-chip':
      return {
        title: 'This board has a different chip',
        steps: [
          `This tutorial's program is for the Arduino ${board.isNano ? 'Nano' : 'Uno'} (ATmega328P chip).`,
          'Check which board is plugged in, or pick another port.',
        ],
      };
    case 'verify-failed':
      return {
        title: 'The program did not read back the same',
        steps: ['Upload again.', 'If it keeps happening, try another USB cable or port on the computer.'],
      };
    case 'port-lost':
      return {
        title: 'The board was disconnected during the upload',
        steps: ['Plug it back in and upload again. Nothing is broken: the board is ready for a new upload.'],
      };
    case 'no-port':
      return {
        title: 'No port was chosen',
        steps: [
          'Press the button again and pick your board in the list your browser shows (often “USB Serial”, “CH340” or “Arduino”).',
          'Is the list empty? Plug the board in with a USB data cable (some cables only charge), wait a few seconds and try again.',
        ],
      };
    case 'no-chooser':
      return {
        title: 'The list of ports did not open',
        steps: [
          'Press the button again.',
          'If no list appears, this browser or the computer’s settings block USB devices: try Chrome or Edge on another computer, or ask whoever looks after this one.',
        ],
      };
    case 'port-busy':
      return {
        title: 'Another program is using this port',
        steps: [
          "Close the Arduino IDE's Serial Monitor, or any other tab or program that is connected to the board.",
          'Then try again.',
        ],
      };
    case 'no-program':
      return {
        title: 'The program did not download',
        steps: [
          'Check your internet connection and try again (once a tutorial has been opened online, it works offline).',
        ],
      };
    case 'too-big':
      return {
        title: 'The program is too big for this board',
        steps: ['This should not happen with our tutorials: tell us.'],
      };
    case 'cancelled':
      return { title: 'Upload cancelled', steps: ['Upload again when you are ready.'] };
  }
}
