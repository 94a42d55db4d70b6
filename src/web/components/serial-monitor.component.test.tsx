import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import {
  appendSerial,
  clearSerial,
  EMPTY_SERIAL_LOG,
  pauseSerial,
  resumeSerial,
  type SerialLog,
} from '#web/lib/serial-log.ts';
import { SerialMonitor } from './serial-monitor.tsx';

/** The monitor with a log of its own, as the simulator holds one; `print` is the board writing. */
function renderMonitor(onSend?: (line: string) => void) {
  let print: (text: string) => void = () => undefined;
  function Harness() {
    const [log, setLog] = useState<SerialLog>(EMPTY_SERIAL_LOG);
    print = (text) => setLog((current) => appendSerial(current, text));
    return (
      <SerialMonitor
        log={log}
        baudRate={9600}
        onPause={() => setLog(pauseSerial)}
        onResume={() => setLog(resumeSerial)}
        onClear={() => setLog(clearSerial)}
        onSend={onSend}
      />
    );
  }
  render(<Harness />);
  return { print: (text: string) => act(() => print(text)) };
}

describe('serial monitor', () => {
  test('shows what the board prints, holds it while paused with a count, and clears', () => {
    const { print } = renderMonitor();
    const output = screen.getByRole('log', { name: 'Serial output' });
    expect(output.textContent).toBe('Nothing printed yet.');
    expect(screen.getByRole('button', { name: 'Clear the monitor' })).toHaveProperty('disabled', true);

    print('distance 12\n');
    expect(output.textContent).toBe('distance 12\n');

    fireEvent.click(screen.getByRole('button', { name: 'Pause the monitor' }));
    expect(screen.getByRole('button', { name: 'Resume the monitor' }).getAttribute('aria-pressed')).toBe('true');
    print('distance 11\ndistance 10\n');
    expect(output.textContent).toBe('distance 12\n');
    screen.getByText('Paused · 2 new lines waiting');

    fireEvent.click(screen.getByRole('button', { name: 'Resume the monitor' }));
    expect(output.textContent).toBe('distance 12\ndistance 11\ndistance 10\n');

    fireEvent.click(screen.getByRole('button', { name: 'Clear the monitor' }));
    expect(output.textContent).toBe('Nothing printed yet.');
  });

  test('sends a typed line and empties the field; without a board the field is disabled', () => {
    const sent = vi.fn();
    renderMonitor(sent);
    const field = screen.getByLabelText('Send a line to the board');
    fireEvent.change(field, { target: { value: 'go' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toHaveBeenCalledWith('go');
    expect(field).toHaveProperty('value', '');
  });

  test('without a board to send to, the line and its button are disabled', () => {
    renderMonitor();
    expect(screen.getByLabelText('Send a line to the board')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
