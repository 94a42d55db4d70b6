import { describe, expect, it } from 'vitest';
import { commandSchema, controlEntrySchema } from './protocol.ts';

const SLUG = 'plant-watering-robot';
const CLOCK = { millis: 0x130, overflowCount: 0x12c };
const start = (program: unknown) => commandSchema.safeParse({ type: 'start', slug: SLUG, program, startTime: 0 });

describe('the simulator’s start command', () => {
  it('takes the tutorial’s program from this site only', () => {
    expect(start({ hexUrl: `/sketches/${SLUG}.hex` }).success).toBe(true);
    expect(start({ hexUrl: 'https://evil.example/x.hex' }).success).toBe(false);
    expect(start({ hexUrl: '/sketches/../api/account.hex' }).success).toBe(false);
    expect(start({ hexUrl: '/api/account' }).success).toBe(false);
  });

  it('takes the learner’s compiled program inline: Intel HEX records with where its clock lives', () => {
    const hex = ':100000000C945C000C946E000C946E000C946E00CA\n:00000001FF\n';
    expect(start({ hex, clock: CLOCK }).success).toBe(true);
    expect(start({ hex: hex.replaceAll('\n', '\r\n'), clock: CLOCK }).success).toBe(true);
  });

  it('refuses inline text that is not Intel HEX, a program too large, or a clock outside the RAM', () => {
    expect(start({ hex: '<script>alert(1)</script>', clock: CLOCK }).success).toBe(false);
    expect(start({ hex: '', clock: CLOCK }).success).toBe(false);
    expect(start({ hex: `:${'0'.repeat(2 * 1024 * 1024)}`, clock: CLOCK }).success).toBe(false);
    expect(start({ hex: ':00000001FF', clock: { millis: 0x10, overflowCount: 0x12c } }).success).toBe(false);
    expect(start({ hex: ':00000001FF' }).success).toBe(false);
  });

  it('refuses a start without a program', () => {
    expect(commandSchema.safeParse({ type: 'start', slug: SLUG, startTime: 0 }).success).toBe(false);
    expect(start({}).success).toBe(false);
  });
});

describe('a control the worker sends', () => {
  it('keeps what a slider’s ends mean, as the part says it', () => {
    const soil = {
      partId: 'soil',
      control: { type: 'slider', key: 'moisture', label: 'Soil moisture sensor', min: 0, max: 100, step: 1, value: 20 },
    };
    const parsed = controlEntrySchema.parse({ ...soil, control: { ...soil.control, ends: ['dry', 'wet'] } });
    expect(parsed.control.type === 'slider' && parsed.control.ends).toEqual(['dry', 'wet']);
  });
});
