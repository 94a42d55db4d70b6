import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ClassDetail } from '#shared/schemas/classes.ts';
import { ProgressGrid } from './progress-grid.tsx';
import { Roster } from './roster.tsx';

const CLASS: ClassDetail = {
  id: '2b0c8f3e-1d6a-4c1e-9a51-0f6f3b1f6a11',
  name: 'Year 8 Robotics',
  join_code: 'ABCDEFGH',
  sign_in_path: '/c/ABCDEFGH',
  created_at: '2026-11-28T09:00:00.000Z',
  archived_at: null,
  delete_after: null,
  learner_count: 0,
  teachers: [],
  community: false,
  learners: [],
};

function renderRoster() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Roster klass={CLASS} />
    </QueryClientProvider>,
  );
}

describe('adding a pasted list of learners', () => {
  test('one name over the limit is listed whole with its reason, and the button counts only the others', () => {
    renderRoster();
    const long = 'Maximiliana Alexandra Konstantinopoulou-Featherstonehaugh';
    const names = [...Array.from({ length: 24 }, (_, i) => `Pupil${String.fromCharCode(65 + i)} Example`), long];
    fireEvent.input(screen.getByLabelText('Add learners'), { target: { value: names.join('\n') } });

    expect(screen.getByRole('button', { name: 'Add 24 learners' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add 25 learners' })).toBeNull();
    const refused = screen.getByTestId('refused-names');
    expect(refused.textContent).toContain('1 name cannot be added');
    const entries = within(refused).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      `“${long}” (${long.length} characters): Name must be at most 40 characters.`,
    ]);
  });

  test('a list of good names has no refusals', () => {
    renderRoster();
    fireEvent.input(screen.getByLabelText('Add learners'), { target: { value: 'Ada Lovelace\nGrace Hopper' } });
    expect(screen.getByRole('button', { name: 'Add 2 learners' })).toBeTruthy();
    expect(screen.queryByTestId('refused-names')).toBeNull();
  });
});

describe('the grid of a class without learners', () => {
  test('says so and offers to add them', () => {
    const onAddLearners = vi.fn();
    render(<ProgressGrid classId={CLASS.id} progress={{ projects: [], learners: [] }} onAddLearners={onAddLearners} />);
    expect(screen.getByText('No learners in this class yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add learners' }));
    expect(onAddLearners).toHaveBeenCalledTimes(1);
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('adding one learner', () => {
  // Moved from tests/e2e/classes.test.ts: the Name field's rules are the form's own, no server is asked.
  test('the Name field says what is wrong under it, and nothing is sent', async () => {
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    renderRoster();
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
