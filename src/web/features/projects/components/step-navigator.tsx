import { Check, ChevronDown, ChevronLeft, ChevronRight, FileCode2, Play, Table2, Workflow } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { NumberedStep } from '#shared/content/steps.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { JumpLink } from './jump-link.tsx';
import { useJumpTo } from './step-jumps.ts';

export type ReferenceTab = 'wiring' | 'connections' | 'code';

/** The strip's three ways to the whole: tab, words, icon. */
export const REFERENCE_TABS = [
  { tab: 'wiring', label: 'Full diagram', Icon: Workflow },
  { tab: 'connections', label: 'All connections', Icon: Table2 },
  { tab: 'code', label: 'Whole sketch', Icon: FileCode2 },
] as const satisfies readonly { tab: ReferenceTab; label: string; Icon: unknown }[];

/**
 * Where a step counts as the one being read once its top has passed it: below the fixed header
 * (4 rem), this bar and a little more (a step jumped to lands just below the bar).
 */
const READING_LINE_PX = 64 + 56 + 64;

/**
 * The step being read: the last one whose top has passed the reading line. While a jump scrolls,
 * the step jumped to.
 */
function useCurrentStep(numbers: readonly number[]) {
  const [current, setCurrent] = useState(numbers[0] ?? 1);
  const pinned = useRef<number | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (pinned.current !== null) return;
      const line = READING_LINE_PX;
      let found = numbers[0] ?? 1;
      for (const number of numbers) {
        const top = document.getElementById(`step-${number}`)?.getBoundingClientRect().top;
        if (top !== undefined && top <= line) found = number;
      }
      setCurrent(found);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const release = () => {
      pinned.current = null;
      schedule();
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('scrollend', release);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scrollend', release);
    };
  }, [numbers]);
  const pin = (number: number) => {
    pinned.current = number;
    setCurrent(number);
    // Where scrollend never comes (no scroll was needed, or an older browser), let go anyway.
    setTimeout(() => {
      if (pinned.current === number) pinned.current = null;
    }, 1200);
  };
  return [current, pin] as const;
}

interface StepNavigatorProps {
  /** The numbered steps, in order. */
  steps: readonly NumberedStep[];
  /** A short title per step of the project, by index. */
  titles: readonly string[];
  done: ReadonlySet<number>;
  /** Opens the full diagram, all connections or the whole sketch. */
  onOpenReference: (tab: ReferenceTab) => void;
}

/** The classes of the bar's buttons to the whole: icons on a phone (named for screen readers), words from md. */
const BAR_BUTTON = 'max-md:size-9 max-md:px-0';

/**
 * The bar that stays under the header while the steps and their reference are on screen: "Step 4
 * of 11" (and, on a wide screen, the step's title) with previous and next, the list of every step
 * by title to jump to, the way to the full diagram, all connections and the whole sketch, and Run it
 * (the simulator, far below on a phone). Previous and next keep the focus (press again to go on)
 * and say the step aloud; a step picked from the list takes the focus.
 */
export function StepNavigator({ steps, titles, done, onOpenReference }: StepNavigatorProps) {
  const [numbers] = useState(() => steps.map((step) => step.number));
  const [current, pin] = useCurrentStep(numbers);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const jumpTo = useJumpTo();
  const total = steps.length;
  const position = numbers.indexOf(current);
  const nameOf = (step: NumberedStep) => titles[step.index] ?? step.text;
  const title = titles[steps[position]?.index ?? -1];

  const go = (offset: -1 | 1) => {
    const target = steps[position + offset];
    if (!target) return;
    pin(target.number);
    jumpTo(`step-${target.number}`, { replace: true, focus: false });
    setAnnouncement(`Step ${target.number} of ${total}: ${nameOf(target)}`);
  };

  return (
    <nav aria-label="Steps" className="step-nav print:hidden">
      <div className="flex items-center gap-0.5 sm:gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="max-md:size-9"
          aria-label="Previous step"
          disabled={position <= 0}
          onClick={() => go(-1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <button type="button" className="step-nav-jump min-w-0" popoverTarget="step-list">
          <span className="min-w-0">
            Step <span className="font-mono text-accent">{current}</span> of {total}
            {title ? <span className="step-nav-name"> {title}</span> : null}
            <span className="sr-only">: choose a step</span>
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-muted" />
        </button>
        <Button
          variant="ghost"
          size="icon"
          className="max-md:size-9"
          aria-label="Next step"
          disabled={position < 0 || position >= total - 1}
          onClick={() => go(1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <div className="ml-auto flex shrink-0 items-center sm:gap-1">
          {REFERENCE_TABS.map(({ tab, label, Icon }) => (
            <Button
              key={tab}
              variant="ghost"
              size="sm"
              className={BAR_BUTTON}
              title={label}
              onClick={() => onOpenReference(tab)}
            >
              <Icon aria-hidden="true" />
              <span className="max-md:sr-only">{label}</span>
            </Button>
          ))}
          <JumpLink hash="simulator" className={cn(buttonVariants({ size: 'sm' }), BAR_BUTTON, 'no-underline')}>
            <Play aria-hidden="true" />
            <span className="max-md:sr-only">Run it</span>
          </JumpLink>
        </div>
      </div>
      <div
        ref={listRef}
        id="step-list"
        popover="auto"
        className="step-list"
        onToggle={(event) => {
          if (event.newState === 'open') {
            listRef.current?.querySelector<HTMLElement>('[aria-current="step"]')?.focus();
          }
        }}
      >
        <p className="label-mono px-2 pb-2 text-muted">Go to a step</p>
        <ol className="flex flex-col gap-0.5">
          {steps.map((step) => {
            const isDone = done.has(step.index);
            return (
              <li key={step.index}>
                <a
                  href={`#step-${step.number}`}
                  className="step-list-item"
                  aria-current={step.number === current ? 'step' : undefined}
                  aria-label={`Step ${step.number}${isDone ? ', done' : ''}: ${nameOf(step)}`}
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                    event.preventDefault();
                    listRef.current?.hidePopover();
                    pin(step.number);
                    jumpTo(`step-${step.number}`);
                  }}
                >
                  <span className={cn('step-number', isDone && 'step-number-done')} aria-hidden="true">
                    {isDone ? <Check className="size-4" strokeWidth={3} /> : String(step.number).padStart(2, '0')}
                  </span>
                  <span className="line-clamp-2 min-w-0 flex-1">{nameOf(step)}</span>
                </a>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </nav>
  );
}
