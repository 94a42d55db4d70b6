import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import { ProfileCard } from './profile-card.tsx';

const NEW_MEMBER: PublicProfile = {
  id: '6d1c2a4e-8f3b-4a7d-9c0e-1b2a3c4d5e6f',
  username: null,
  bio: null,
  avatar_url: null,
  email: null,
  created_at: '2026-11-28T09:00:00.000Z',
};

// The editor is a chunk of its own (React.lazy): loaded once here, so opening it waits on nothing else.
beforeAll(async () => {
  await import('./profile-editor.tsx');
});

function renderCard(profile: PublicProfile) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileCard profile={profile} email="ada@example.test" />
    </QueryClientProvider>,
  );
}

describe('the dashboard’s profile card', () => {
  test('a member without a username or bio is asked to fill them in, and the button opens the editor there', async () => {
    renderCard(NEW_MEMBER);
    const nudge = screen.getByTestId('profile-nudge');
    expect(nudge.textContent).toContain('Your card on the People page shows “Anonymous Builder” and no bio.');
    fireEvent.click(screen.getByRole('button', { name: 'Fill in your profile' }));
    const username = await screen.findByLabelText('Username');
    expect(document.activeElement).toBe(username);
    expect(screen.queryByTestId('profile-nudge')).toBeNull();
  });

  test('a member with a username but no bio is asked for the bio', async () => {
    renderCard({ ...NEW_MEMBER, username: 'Ada Bot' });
    expect(screen.getByTestId('profile-nudge').textContent).toContain('Add a short bio');
    fireEvent.click(screen.getByRole('button', { name: 'Fill in your profile' }));
    const bio = await screen.findByLabelText('Bio');
    expect(document.activeElement).toBe(bio);
  });

  test('a filled-in profile is not nagged', () => {
    renderCard({ ...NEW_MEMBER, username: 'Ada Bot', bio: 'I build line followers.' });
    expect(screen.queryByTestId('profile-nudge')).toBeNull();
  });
});
