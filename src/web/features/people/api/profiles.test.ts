import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import { applyProfileChange } from './profiles.ts';

const member = (id: string, createdAt: string, username: string | null = null): PublicProfile => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  username,
  bio: null,
  avatar_url: null,
  email: null,
  created_at: createdAt,
});

describe('applyProfileChange', () => {
  const older = member('1', '2026-01-01T00:00:00.000Z', 'old');
  const newer = member('2', '2026-02-01T00:00:00.000Z', 'new');

  it('puts a new member at the top', () => {
    const newest = member('3', '2026-03-01T00:00:00.000Z', 'newest');
    expect(applyProfileChange([newer, older], newest).map((p) => p.username)).toEqual(['newest', 'new', 'old']);
  });

  it('replaces an updated profile in place, without duplicates', () => {
    const renamed = { ...older, username: 'renamed' };
    const list = applyProfileChange([newer, older], renamed);
    expect(list.map((p) => p.username)).toEqual(['new', 'renamed']);
    expect(applyProfileChange(list, renamed)).toHaveLength(2);
  });
});
