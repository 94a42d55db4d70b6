import { Eraser, Pause, Play, SendHorizontal } from 'lucide-react';
import { type FormEvent, memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { inputClass } from '#web/components/ui/field.tsx';
import { cn } from '#web/lib/cn.ts';
import type { SerialLog } from '#web/lib/serial-log.ts';

interface SerialMonitorProps {
  /** What the board printed (lib/serial-log.ts keeps it). */
  log: SerialLog;
  /** The sketch's baud rate as the learner set it in the sketch (`Serial.begin(9600)`); null before. */
  baudRate: number | null;
  onPause(): void;
  onResume(): void;
  onClear(): void;
  /** Sends a line to the board; the input is disabled while this is undefined (no board running). */
  onSend?: (line: string) => void;
  /** Shown in the empty monitor, e.g. "Waiting for the board…". */
  placeholder?: string;
  className?: string;
}

/** Within this many pixels of the bottom, the monitor follows new text. */
const STICK_PX = 24;

/**
 * A serial monitor, as the Arduino IDE's: the board's text as it arrives, following it unless the
 * learner scrolled up; pause, clear and copy; a line to send. Presentational: whoever talks to the
 * board (the simulator, or a real board over Web Serial) owns the log and the sending.
 */
export const SerialMonitor = memo(function SerialMonitor({
  log,
  baudRate,
  onPause,
  onResume,
  onClear,
  onSend,
  placeholder = 'Nothing printed yet.',
  className,
}: SerialMonitorProps) {
  const id = useId();
  const output = useRef<HTMLPreElement>(null);
  const stuck = useRef(true);
  const [line, setLine] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: new text is what it follows
  useLayoutEffect(() => {
    const box = output.current;
    if (box && stuck.current) box.scrollTop = box.scrollHeight;
  }, [log.text]);

  const onScroll = () => {
    const box = output.current;
    if (box) stuck.current = box.scrollHeight - box.scrollTop - box.clientHeight <= STICK_PX;
  };

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!onSend) return;
    onSend(line);
    setLine('');
  }

  const heldLines = log.held === '' ? 0 : log.held.split('\n').length - (log.held.endsWith('\n') ? 1 : 0);
  return (
    <section aria-labelledby={`${id}-title`} className={cn('flex flex-col', className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-4">
        <h3 id={`${id}-title`} className="mr-auto flex items-center gap-2 font-display text-base font-semibold">
          Serial monitor
          <span className="pin-chip font-normal text-muted" translate="no">
            {baudRate === null ? '— baud' : `${baudRate} baud`}
          </span>
        </h3>
        <div className="flex items-center gap-1.5">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={log.paused}
            onClick={log.paused ? onResume : onPause}
            className="aria-pressed:bg-accent-soft"
          >
            {log.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {log.paused ? 'Resume' : 'Pause'}
            <span className="sr-only"> the monitor</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onClear} disabled={log.text === '' && log.held === ''}>
            <Eraser aria-hidden="true" /> Clear<span className="sr-only"> the monitor</span>
          </Button>
          <CopyButton
            text={() => log.text + log.held}
            disabled={log.text === '' && log.held === ''}
            what="the output"
            selectHint="the text"
            variant="ghost"
          />
        </div>
      </div>
      <div className="relative">
        <pre
          ref={output}
          onScroll={onScroll}
          role="log"
          aria-live="off"
          aria-label="Serial output"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="serial-output h-52 overflow-auto border-y border-border px-3 py-2 font-mono text-[0.8125rem] leading-relaxed whitespace-pre-wrap break-words sm:h-60 sm:px-4"
          translate="no"
        >
          {log.text === '' ? <span className="text-muted">{placeholder}</span> : log.text}
        </pre>
        {log.paused ? (
          <p className="pointer-events-none absolute right-3 bottom-2 rounded-lg border border-border bg-surface px-2 py-0.5 text-xs font-semibold text-muted shadow-sm">
            Paused{heldLines > 0 ? ` · ${heldLines} new line${heldLines === 1 ? '' : 's'} waiting` : ''}
          </p>
        ) : null}
      </div>
      <form onSubmit={send} className="flex items-center gap-2 px-3 py-2.5 sm:px-4">
        <label htmlFor={`${id}-line`} className="sr-only">
          Send a line to the board
        </label>
        <input
          id={`${id}-line`}
          value={line}
          onChange={(event) => setLine(event.target.value)}
          disabled={!onSend}
          maxLength={256}
          autoComplete="off"
          spellCheck={false}
          placeholder="Type a line to send"
          className={cn(inputClass, 'h-10 min-w-0 flex-1 py-0 font-mono text-sm')}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={!onSend} className="h-10">
          <SendHorizontal aria-hidden="true" /> Send
        </Button>
      </form>
    </section>
  );
});
