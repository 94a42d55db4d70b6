/*
 * What the compile service reads from a linked AVR program: its sections' sizes and its symbols,
 * straight from the ELF file's headers (32-bit, little-endian, as avr-ld writes them). The program
 * comes out of the sandbox as bytes, so nothing a sketch makes the assembler print (`.print`) or
 * names a section or symbol can pass for the service's own figures. Every offset is checked: a file
 * that is not what avr-ld writes is refused, never read past its end.
 */

export interface ElfSection {
  readonly name: string;
  readonly size: number;
}

export interface ElfSymbol {
  readonly name: string;
  readonly value: number;
  readonly size: number;
  /** STT_* (1 an object, 4 a source file). */
  readonly type: number;
  /** STB_* (0 local, 1 global). */
  readonly binding: number;
}

export interface AvrElf {
  readonly sections: readonly ElfSection[];
  readonly symbols: readonly ElfSymbol[];
}

export class ElfError extends Error {}

const SHT_SYMTAB = 2;
const EM_AVR = 83;
const STT_OBJECT = 1;
const STB_GLOBAL = 1;
/** Names longer than this are not what avr-ld writes for the sections and symbols we read. */
const MAX_NAME = 4096;

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const check = (offset: number, length: number) => {
    if (!Number.isInteger(offset) || offset < 0 || length < 0 || offset + length > bytes.byteLength) {
      throw new ElfError('The program file is cut short');
    }
  };
  return {
    u8(offset: number) {
      check(offset, 1);
      return view.getUint8(offset);
    },
    u16(offset: number) {
      check(offset, 2);
      return view.getUint16(offset, true);
    },
    u32(offset: number) {
      check(offset, 4);
      return view.getUint32(offset, true);
    },
    /** A NUL-terminated name at `offset` of a string table of `size` bytes at `table`. */
    name(table: number, size: number, offset: number) {
      if (offset >= size) throw new ElfError('A name lies outside its string table');
      const start = table + offset;
      check(start, 1);
      const limit = Math.min(table + size, start + MAX_NAME, bytes.byteLength);
      let end = start;
      while (end < limit && bytes[end] !== 0) end++;
      return Buffer.from(bytes.subarray(start, end)).toString('latin1');
    },
  };
}

/** Reads the sections and symbols of an AVR ELF file; throws ElfError for anything else. */
export function readAvrElf(bytes: Uint8Array): AvrElf {
  const r = reader(bytes);
  const magic = [r.u8(0), r.u8(1), r.u8(2), r.u8(3)];
  if (magic.join(',') !== '127,69,76,70') throw new ElfError('The program is not an ELF file');
  if (r.u8(4) !== 1 || r.u8(5) !== 1 || r.u16(18) !== EM_AVR) throw new ElfError('The program is not for an AVR');
  const sectionsAt = r.u32(32);
  const entrySize = r.u16(46);
  const count = r.u16(48);
  const namesIndex = r.u16(50);
  if (entrySize < 40 || namesIndex >= count) throw new ElfError('The program has no section names');
  const header = (index: number) => {
    const at = sectionsAt + index * entrySize;
    return { name: r.u32(at), type: r.u32(at + 4), offset: r.u32(at + 16), size: r.u32(at + 20), link: r.u32(at + 24) };
  };
  const headers = Array.from({ length: count }, (_, index) => header(index));
  const names = headers[namesIndex];
  if (!names) throw new ElfError('The program has no section names');
  const sections = headers.map((h) => ({ name: r.name(names.offset, names.size, h.name), size: h.size }));
  const symbols: ElfSymbol[] = [];
  const table = headers.find((h) => h.type === SHT_SYMTAB);
  const strings = table ? headers[table.link] : undefined;
  if (table && strings) {
    for (let at = table.offset; at + 16 <= table.offset + table.size; at += 16) {
      symbols.push({
        name: r.name(strings.offset, strings.size, r.u32(at)),
        value: r.u32(at + 4),
        size: r.u32(at + 8),
        type: r.u8(at + 12) & 0xf,
        binding: r.u8(at + 12) >> 4,
      });
    }
  }
  return { sections, symbols };
}

/** A section's size, 0 when the program has none (as `avr-size -A` reads it). */
export function sectionSize(elf: AvrElf, name: string): number {
  return elf.sections.find((section) => section.name === name)?.size ?? 0;
}

/**
 * A global variable: `timer0_millis`, the core's clock (wiring.c), not a `static` of the sketch's
 * with the same name (a second global one would not have linked). Null when there is none.
 */
export function globalVariable(elf: AvrElf, name: string): ElfSymbol | null {
  return elf.symbols.find((s) => s.binding === STB_GLOBAL && s.type === STT_OBJECT && s.name === name) ?? null;
}
