import { Check, Copy } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

interface CopyButtonProps {
  /** What is copied, read at the click (a serial monitor's text is not joined at every render). */
  readonly text: () => string;
  /** Nothing to copy yet. */
  readonly disabled: boolean;
  /** Read after "Copy" by screen readers: "the sketch". */
  readonly what: string;
  /** Named in the failure: "select the code and copy it yourself". */
  readonly selectHint: string;
  readonly variant?: ComponentProps<typeof Button>['variant'];
}

/** Copies `text()`; says "Copied" on the button and to screen readers, then returns to "Copy". */
export function CopyButton({ text, disabled, what, selectHint, variant = 'secondary' }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text());
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2500);
  }

  return (
    <>
      <Button variant={variant} size="sm" onClick={copy} disabled={disabled}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="sr-only"> {what}</span>
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? `Copying failed: select ${selectHint} and copy it yourself`
            : ''}
      </span>
    </>
  );
}
