import { describe, expect, it } from 'vitest';
import { siteNameFrom } from './site-name.ts';

describe('the site name the web build bakes in', () => {
  it('is SITE_NAME trimmed, RoboForge when unset or empty, and an error naming the rule when too long', () => {
    expect(siteNameFrom('  Maker Lab ')).toBe('Maker Lab');
    expect(siteNameFrom(undefined)).toBe('RoboForge');
    expect(siteNameFrom('')).toBe('RoboForge');
    expect(() => siteNameFrom('x'.repeat(41))).toThrow('SITE_NAME must be at most 40 characters');
  });
});
