import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { classSignInPageQueryOptions } from '../api/class-sign-in.ts';
import { ClassSignInPage } from './class-sign-in-page.tsx';

const CODE = 'ABCDEFGH';
const ADA = { id: '6f1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6b', display_name: 'Ada L.' };

/** The page with its class already loaded (as the query would have it), on its tapped name's form. */
function renderSecretForm() {
  // Fresh for ever: the page is not fetched again, so the only request is the one a test makes.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(classSignInPageQueryOptions(CODE).queryKey, { name: 'Year 8 Robotics', learners: [ADA] });
  const Stub = createRoutesStub([{ path: '/c/:code', Component: () => <ClassSignInPage code={CODE} /> }]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[`/c/${CODE}`]} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ada L.' }));
  return screen.getByLabelText('Your secret words');
}

afterEach(() => vi.unstubAllGlobals());

describe('the class sign-in form', () => {
  test('no words, or only spaces: it says so under the field, marks it invalid, and sends nothing', async () => {
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    const words = renderSecretForm();
    expect(words.getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const error = await screen.findByText('Type your secret words');
    expect(words.getAttribute('aria-invalid')).toBe('true');
    expect(words.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);

    fireEvent.input(words, { target: { value: '   ' } });
    fireEvent.submit(words);
    await screen.findByText('Type your secret words');
    expect(words.getAttribute('aria-invalid')).toBe('true');
    expect(sent).not.toHaveBeenCalled();
  });

  test('the error stays while the learner types, and goes when they press Sign in with their words', async () => {
    // The server's answer does not matter here: the request is held, and only its body is read.
    const sent = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', sent);
    const words = renderSecretForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Type your secret words');

    fireEvent.input(words, { target: { value: ' tiger lemon cloud ' } });
    // A check on typing would have settled by the next task (the resolver answers in promises).
    await act(() => new Promise((settled) => setTimeout(settled, 0)));
    expect(screen.getByText('Type your secret words')).toBeTruthy();
    expect(words.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Signing in...' });
    expect(screen.queryByText('Type your secret words')).toBeNull();
    expect(words.getAttribute('aria-invalid')).toBe('false');
    expect(sent).toHaveBeenCalledTimes(1);
    const [url, init] = sent.mock.calls[0] ?? [];
    expect(url).toContain(`/api/class-sign-in/${CODE}`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ learner_id: ADA.id, secret: 'tiger lemon cloud' });
  });
});
