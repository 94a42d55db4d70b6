import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { PlainDiagnostic } from '#web/lib/plain-words.ts';
import { RunReport } from './run-report.tsx';

const semicolon: PlainDiagnostic = {
  line: 25,
  severity: 'error',
  plain: 'Line 25: a `;` is missing at the end of this line.',
  compiler: "expected ',' or ';' before 'const'",
};
const knockOn: PlainDiagnostic = {
  line: 107,
  severity: 'error',
  plain: 'Line 107: `SOAK_TIME_MS` is not known here: check its spelling (capitals count), or declare it first.',
  compiler: "'SOAK_TIME_MS' was not declared in this scope",
};

describe('what Run found', () => {
  test('the first mistake to fix, its knock-on folded away under it, the compiler’s words beside each', () => {
    const onGoTo = vi.fn();
    render(
      <RunReport
        run={{ kind: 'mistakes', message: 'The program has 2 errors.', diagnostics: [semicolon], knockOn: [knockOn] }}
        onGoTo={onGoTo}
      />,
    );
    const report = screen.getByRole('alert', { name: 'What to fix' });
    expect(within(report).getByText("The compiler: expected ',' or ';' before 'const'")).toBeTruthy();
    fireEvent.click(within(report).getByRole('button', { name: semicolon.plain }));
    expect(onGoTo).toHaveBeenCalledWith(25);

    // Folded: in the page, not open, until the learner asks for it.
    const folded = report.querySelector('details');
    if (!folded) throw new Error('Nothing is folded');
    expect(folded.hasAttribute('open')).toBe(false);
    expect(folded.querySelector('summary')?.textContent).toBe(
      'Fix this one first: the other message may go away with it.',
    );
    expect(within(folded).getByText(knockOn.plain)).toBeTruthy();
    expect(within(folded).getByText(`The compiler: ${knockOn.compiler}`)).toBeTruthy();
  });

  test('nothing folded when there is no knock-on', () => {
    render(
      <RunReport
        run={{ kind: 'mistakes', message: 'The program has an error.', diagnostics: [knockOn], knockOn: [] }}
        onGoTo={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: knockOn.plain })).toBeTruthy();
    expect(screen.getByRole('alert').querySelector('details')).toBeNull();
  });
});
