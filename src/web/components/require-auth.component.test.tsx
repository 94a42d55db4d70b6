import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ROUTES } from '#shared/routes.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';
import { RequireAuth } from './require-auth.tsx';

const STORED_SESSION = {
  access_token: 'access',
  refresh_token: 'refresh',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  token_type: 'bearer',
  user: { id: '5b0c8a52-8f7e-4d8e-9a40-3f1f8f4f2a10', email: 'ada@example.test' },
};

describe('a members-only page whose session ends', () => {
  test('leads back to the page the visitor was already on the way to, whatever React has drawn so far', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED_SESSION));
    const router = createMemoryRouter(
      [
        { path: ROUTES.dashboard, element: <RequireAuth>{() => <h1>Your profile</h1>}</RequireAuth> },
        // The next page's code on a slow network: it never arrives.
        { path: ROUTES.projects, lazy: () => new Promise<never>(() => {}) },
        { path: ROUTES.auth, element: <h1>Welcome!</h1> },
      ],
      { initialEntries: [ROUTES.dashboard] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Your profile' });

    await act(async () => {
      // The router knows where the visitor is going at once; React draws that in a transition, which
      // a busy phone (or CI machine) may not have committed when another tab signs out.
      void router.navigate(ROUTES.projects);
      localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(
        new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null, storageArea: localStorage }),
      );
    });

    await screen.findByRole('heading', { name: 'Welcome!' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `${ROUTES.auth}?next=${encodeURIComponent(ROUTES.projects)}`,
    );
  });
});
