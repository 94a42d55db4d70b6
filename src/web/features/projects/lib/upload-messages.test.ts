import { describe, expect, it } from 'vitest';
import { failureMessage, type UploadProblem } from './upload-messages.ts';

const PROBLEMS: readonly UploadProblem[] = [
  'no-answer',
  'wrong-chip',
  'verify-failed',
  'port-lost',
  'port-busy',
  'no-program',
  'too-big',
  'cancelled',
];

describe('failureMessage', () => {
  it('gives every problem a title and something to do', () => {
    for (const problem of PROBLEMS) {
      const message = failureMessage(problem, { isNano: false });
      expect(message.title, problem).not.toBe('');
      expect(message.steps.length, problem).toBeGreaterThan(0);
    }
  });

  it('suggests the other bootloader only for a Nano', () => {
    expect(failureMessage('no-answer', { isNano: true }).steps.join(' ')).toContain('other bootloader');
    expect(failureMessage('no-answer', { isNano: false }).steps.join(' ')).not.toContain('bootloader');
  });
});
