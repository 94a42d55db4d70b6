import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import { MemberCard } from './member-card.tsx';

const NEW_MEMBER: PublicProfile = {
  id: '6d1c2a4e-8f3b-4a7d-9c0e-1b2a3c4d5e6f',
  username: null,
  bio: null,
  avatar_url: null,
  email: null,
  created_at: '2026-11-28T09:00:00.000Z',
};

describe('a member card on the People page', () => {
  test('without a bio, it says the member is busy building rather than showing an empty line', () => {
    render(
      <ul>
        <MemberCard profile={NEW_MEMBER} />
      </ul>,
    );
    expect(screen.getByRole('heading', { name: 'Anonymous Builder' })).toBeTruthy();
    expect(screen.getByText('Busy building: no bio written yet.')).toBeTruthy();
  });
});
