/** The ATmega328P's program memory in bytes (the Uno's and the Nano's chip). */
export const ATMEGA328P_FLASH_BYTES = 0x8000;

/**
 * The program in an Intel HEX file (what `avr-objcopy -O ihex` writes), as the chip's flash: data
 * records (type 00) at their addresses, the end record (01) stops. Every record's checksum is
 * checked, so a damaged download never runs.
 */
export function flashFromHex(hex: string, flashBytes = ATMEGA328P_FLASH_BYTES): Uint8Array {
  return parseHex(hex, flashBytes).flash;
}

/** The program in an Intel HEX file as the bytes an upload writes: from address 0 to its last byte. */
export function imageFromHex(hex: string, flashBytes = ATMEGA328P_FLASH_BYTES): Uint8Array {
  const { flash, end } = parseHex(hex, flashBytes);
  return flash.subarray(0, end);
}

function parseHex(hex: string, flashBytes: number): { flash: Uint8Array; end: number } {
  const flash = new Uint8Array(flashBytes);
  let base = 0;
  let end = 0;
  const lines = hex.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const where = `line ${index + 1}`;
    if (!/^:([0-9A-Fa-f]{2})+$/.test(line)) throw new Error(`Not an Intel HEX record at ${where}`);
    const bytes = Uint8Array.from(line.slice(1).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
    const [count = 0, high = 0, low = 0, type = 0] = bytes;
    if (bytes.length !== count + 5) throw new Error(`Wrong record length at ${where}`);
    if (bytes.reduce((sum, byte) => (sum + byte) & 0xff, 0) !== 0) throw new Error(`Bad checksum at ${where}`);
    const data = bytes.subarray(4, 4 + count);
    if (type === 0x01) return { flash, end };
    if (type === 0x00) {
      const address = base + ((high << 8) | low);
      if (address + count > flash.length) throw new Error(`The program does not fit the chip's flash (${where})`);
      flash.set(data, address);
      end = Math.max(end, address + count);
    } else if (type === 0x02) {
      base = (((data[0] ?? 0) << 8) | (data[1] ?? 0)) * 16;
    } else if (type === 0x04) {
      base = (((data[0] ?? 0) << 8) | (data[1] ?? 0)) << 16;
    }
  }
  throw new Error('The HEX file has no end record: it was cut short');
}
