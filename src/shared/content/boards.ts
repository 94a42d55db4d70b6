import type { Board } from './projects.ts';

// Kept out of projects.ts, which every page loads: only the tutorial's code section and the build need these.

/** A board's chip as a program meets it, from the Arduino AVR core's boards.txt. */
export interface BoardChip {
  /** The `-mmcu` (and avrdude's `-p`) name. */
  readonly mcu: string;
  /** The flash a sketch may use beside the bootloader (`upload.maximum_size`): the IDE refuses a bigger one. */
  readonly flashBytes: number;
  /** How avrdude talks to the bootloader: `-c` and `-b`. */
  readonly programmer: string;
  readonly baud: number;
  /** The speed of an older bootloader some boards still ship with. */
  readonly oldBootloaderBaud?: number;
}

export const BOARD_CHIPS: Readonly<Record<Board, BoardChip>> = {
  uno: { mcu: 'atmega328p', flashBytes: 32_256, programmer: 'arduino', baud: 115_200 },
  // The IDE keeps 2 KB for the Nano's bootloader, old or new.
  nano: { mcu: 'atmega328p', flashBytes: 30_720, programmer: 'arduino', baud: 115_200, oldBootloaderBaud: 57_600 },
  mega: { mcu: 'atmega2560', flashBytes: 253_952, programmer: 'wiring', baud: 115_200 },
};

/** The avrdude command that writes a program to a board through its bootloader, as the IDE runs it. */
export function avrdudeCommand(board: Board, hexFile: string): string {
  const { mcu, programmer, baud } = BOARD_CHIPS[board];
  return `avrdude -p ${mcu} -c ${programmer} -P <port> -b ${baud} -D -U flash:w:${hexFile}:i`;
}
