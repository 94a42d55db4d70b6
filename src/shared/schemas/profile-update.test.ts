import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile-update.ts';

describe('profileUpdateSchema', () => {
  it('trims ordinary spaces from a username, and refuses the invisible ones', () => {
    expect(profileUpdateSchema.parse({ username: ' \t Ada Builder \r\n' })).toEqual({ username: 'Ada Builder' });
    expect(profileUpdateSchema.safeParse({ username: '\u00a0Ada Builder' }).success).toBe(false);
  });

  // The old trim (`[ ]+$` tried from every space) took 1.5 s on 64 KB of spaces inside a name and four
  // times as long for each doubling (measured once): about 25 minutes for this one, before any length check.
  it('reads a username of 2 MB of spaces between two letters in one pass', { timeout: 5_000 }, () => {
    const parsed = profileUpdateSchema.safeParse({ username: `a${' '.repeat(2 * 1024 * 1024)}b` });
    expect(parsed.error?.issues[0]?.message).toMatch(/^Username must be \d+ to \d+ characters$/);
  });
});
