import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { findProject } from '#shared/content/projects.ts';
import { stepNumberAt } from '#shared/content/steps.ts';
import type { HelpRequest } from '#shared/schemas/classes.ts';
import { helpQueueQueryOptions } from '../api/classes.ts';
import { HelpQueue } from './help-queue.tsx';

const CLASS_ID = '2b0c8f3e-1d6a-4c1e-9a51-0f6f3b1f6a11';
const AT = '2026-11-28T09:00:00.000Z';

const waiting = (id: number, name: string, place: Partial<HelpRequest>): HelpRequest => ({
  id,
  learner_id: `00000000-0000-4000-8000-00000000000${id}`,
  display_name: name,
  project_id: null,
  step: null,
  created_at: AT,
  coming_at: null,
  code_changed: false,
  sketch: null,
  ...place,
});

/** The queue as the server answered it, already in the cache: nothing is fetched. */
function renderQueue(requests: HelpRequest[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(helpQueueQueryOptions(CLASS_ID).queryKey, { requests });
  render(
    <QueryClientProvider client={client}>
      <HelpQueue classId={CLASS_ID} />
    </QueryClientProvider>,
  );
  return screen.getAllByTestId('help-request');
}

describe('the help queue', () => {
  test('says what each learner is stuck with: a tutorial’s step, a blocks sketch, a sketch, one since deleted', () => {
    const project = findProject(1);
    if (!project) throw new Error('no project 1');
    const [tutorial, blocks, text, deleted] = renderQueue([
      waiting(1, 'Ana', { project_id: 1, step: 2 }),
      waiting(2, 'Ben', { sketch: { id: crypto.randomUUID(), name: 'Blinky', made_with: 'blocks' } }),
      waiting(3, 'Cy', { sketch: { id: crypto.randomUUID(), name: 'Typed', made_with: 'code' } }),
      waiting(4, 'Dee', {}),
    ]);
    if (!tutorial || !blocks || !text || !deleted) throw new Error('not four requests');
    expect(tutorial.textContent).toContain(`Stuck on step ${stepNumberAt(project, 2)} of ${project.title}`);
    expect(within(tutorial).queryByRole('button', { name: 'Their sketch' })).toBeNull();
    expect(blocks.textContent).toContain('Stuck with their blocks sketch “Blinky”');
    expect(within(blocks).getByRole('button', { name: 'Their sketch' })).toBeTruthy();
    expect(text.textContent).toContain('Stuck with their sketch “Typed”');
    expect(within(text).getByRole('button', { name: 'Their sketch' })).toBeTruthy();
    expect(deleted.textContent).toContain('Stuck with a sketch they have since deleted');
    expect(within(deleted).queryByRole('button', { name: 'Their sketch' })).toBeNull();
    expect(screen.getByTestId('help-count').textContent).toBe('4');
  });
});
