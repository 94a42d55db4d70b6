import { describe, expect, it } from 'vitest';
import { commandSchema, INLINE_HEX_MAX_CHARS } from './protocol.ts';

const SLUG = 'plant-watering-robot';
const CLOCK = { millis: 0x130, overflowCount: 0x12c };
const start = (program: unknown) => commandSchema.safeParse({ type: 'start', slug: SLUG, program, startTime: 0 });

describe('the start command', () => {
  it('takes the tutorial’s program from this site only', () => {
    expect(start({ kind: 'url', hexUrl: `/sketches/${SLUG}.hex` }).success).toBe(true);
    expect(start({ kind: 'url', hexUrl: 'https://evil.example/x.hex' }).success).toBe(false);
    expect(start({ kind: 'url', hexUrl: '/sketches/../api/me.hex' }).success).toBe(false);
    expect(start({ kind: 'url', hexUrl: '/api/account' }).success).toBe(false);
  });

  it('takes a compiled program inline: Intel HEX records with where it keeps its clock', () => {
    const hex = ':100000000C945C000C946E000C946E000C946E00CA\n:00000001FF\n';
    expect(start({ kind: 'inline', hex, clock: CLOCK }).success).toBe(true);
    expect(start({ kind: 'inline', hex: hex.replaceAll('\n', '\r\n'), clock: CLOCK }).success).toBe(true);
  });

  it('refuses inline text that is not Intel HEX, a program too large, or a clock outside the RAM', () => {
    expect(start({ kind: 'inline', hex: '<script>alert(1)</script>', clock: CLOCK }).success).toBe(false);
    expect(start({ kind: 'inline', hex: '', clock: CLOCK }).success).toBe(false);
    expect(start({ kind: 'inline', hex: `:${'0'.repeat(INLINE_HEX_MAX_CHARS)}`, clock: CLOCK }).success).toBe(false);
    expect(start({ kind: 'inline', hex: ':00000001FF', clock: { millis: 0x10, overflowCount: 0x12c } }).success).toBe(
      false,
    );
    expect(start({ kind: 'inline', hex: ':00000001FF' }).success).toBe(false);
  });

  it('refuses a start with both or neither program', () => {
    expect(commandSchema.safeParse({ type: 'start', slug: SLUG, startTime: 0 }).success).toBe(false);
    expect(
      commandSchema.safeParse({ type: 'start', slug: SLUG, hexUrl: `/sketches/${SLUG}.hex`, startTime: 0 }).success,
    ).toBe(false);
  });
});
