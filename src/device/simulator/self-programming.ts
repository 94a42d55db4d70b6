import type { CPU } from 'avr8js';

/*
 * The ATmega328P writing its own flash, as a bootloader does (datasheet, "Boot Loader Support –
 * Read-While-Write Self-Programming"). avr8js runs SPM as a no-op; this performs it. Before each
 * instruction the board asks whether it is an SPM, and if so does what SPMCSR selects:
 * - SPMEN alone: put r1:r0 into the temporary page buffer, at the word Z points to;
 * - PGERS + SPMEN: erase the page Z points to (all bytes 0xff);
 * - PGWRT + SPMEN: write the temporary buffer into that page, then clear the buffer;
 * - RWWSRE + SPMEN: make the application section readable again.
 * An erase or a write takes 3.7–4.5 ms: SPMEN stays set that long, which is what a bootloader's
 * `boot_spm_busy_wait()` waits for.
 */

const SPMCSR = 0x57;
const SPMEN = 0x01;
const PGERS = 0x02;
const PGWRT = 0x04;
const RWWSRE = 0x10;
const RWWSB = 0x40;
const OPCODE_SPM = 0x95e8;
/** The ATmega328P's flash page: 64 words. */
export const PAGE_BYTES = 128;
const WRITE_CYCLES = 4 * 16_000; // 4 ms at 16 MHz

export class SelfProgramming {
  private readonly buffer = new Uint8Array(PAGE_BYTES).fill(0xff);
  private readonly cpu: CPU;

  constructor(cpu: CPU) {
    this.cpu = cpu;
  }

  /** Called before each instruction: performs it first if it is an SPM. */
  beforeInstruction(): void {
    const { cpu } = this;
    if (cpu.progMem[cpu.pc] !== OPCODE_SPM) return;
    const control = cpu.data[SPMCSR] ?? 0;
    if (!(control & SPMEN)) return;
    const z = (cpu.data[30] ?? 0) | ((cpu.data[31] ?? 0) << 8);
    const page = z & ~(PAGE_BYTES - 1) & 0x7fff;
    const flash = cpu.progBytes;
    if (control & PGERS) {
      flash.fill(0xff, page, page + PAGE_BYTES);
      this.busy((control & ~(PGERS | SPMEN)) | RWWSB);
    } else if (control & PGWRT) {
      flash.set(this.buffer, page);
      this.buffer.fill(0xff);
      this.busy((control & ~(PGWRT | SPMEN)) | RWWSB);
    } else if (control & RWWSRE) {
      cpu.data[SPMCSR] = control & ~(RWWSRE | SPMEN | RWWSB);
    } else {
      const offset = z & (PAGE_BYTES - 2);
      this.buffer[offset] = cpu.data[0] ?? 0;
      this.buffer[offset + 1] = cpu.data[1] ?? 0;
      cpu.data[SPMCSR] = control & ~SPMEN;
    }
  }

  /** SPMEN stays set while the flash is busy, then clears to `after`. */
  private busy(after: number): void {
    this.cpu.addClockEvent(() => {
      this.cpu.data[SPMCSR] = after;
    }, WRITE_CYCLES);
  }
}
