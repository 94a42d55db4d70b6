import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type ClassDetail, classDetailSchema } from '#shared/schemas/classes.ts';
import { Roster } from './roster.tsx';

/** A class with nobody in it yet, as its teacher first opens the Learners tab. */
const emptyClass: ClassDetail = classDetailSchema.parse({
  id: '0f6c3c1e-6a44-4a57-9d1e-0b7f3a4c2d11',
  name: 'Robot Rangers',
  join_code: 'ABCD2345',
  sign_in_path: '/c/ABCD2345',
  created_at: '2026-11-28T09:00:00.000Z',
  archived_at: null,
  delete_after: null,
  learner_count: 0,
  teachers: [],
  community: false,
  learners: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('the class roster', () => {
  // Moved from tests/e2e/classes.test.ts: the Name field's rules are the form's own, no server is asked.
  test('adding one learner: the Name field says what is wrong under it, and nothing is sent', async () => {
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Roster klass={emptyClass} />
      </QueryClientProvider>,
    );
    const name = screen.getByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Add learner' }));
    await screen.findByText('Give the name');
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(name, { target: { value: 'x'.repeat(41) } });
    fireEvent.submit(name);
    await screen.findByText('Name must be at most 40 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(sent).not.toHaveBeenCalled();
  });
});
