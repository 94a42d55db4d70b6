import { afterEach, beforeEach, expect } from 'vitest';

/**
 * A `console.error` fails the test, as a console error fails an e2e test: React's act and hydration
 * warnings arrive there. A test that provokes one on purpose captures it with
 * `vi.spyOn(console, 'error').mockImplementation(...)` and asserts it; this check then sees no call.
 */
let calls: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  calls = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const made = calls;
  calls = [];
  expect(
    made.map((args) => args.map(String).join(' ')),
    'console.error was called',
  ).toEqual([]);
});
