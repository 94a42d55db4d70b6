import { describe, expect, it } from 'vitest';
import { windowCounter } from './window-counter.ts';

describe('a window counter', () => {
  it('refuses a window that is not whole seconds: in Redis, a shorter one would count without expiry', () => {
    expect(() => windowCounter(null, 'test', { max: 1, windowMs: 500 })).toThrow(/whole number of seconds/);
    expect(() => windowCounter(null, 'test', { max: 1, windowMs: 1500 })).toThrow(/whole number of seconds/);
    expect(windowCounter(null, 'test', { max: 1, windowMs: 1000 }).duration).toBe(1);
  });
});
