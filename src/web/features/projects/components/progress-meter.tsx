import { cn } from '#web/lib/cn.ts';

interface ProgressMeterProps {
  done: number;
  total: number;
  /** What is counted, for screen readers: "Plant Watering Robot: steps done". */
  label: string;
  className?: string;
  /** The bar's own colour class; the accent by default. */
  barClassName?: string;
}

/** A thin bar of steps done, announced as "4 of 10 steps done". */
export function ProgressMeter({ done, total, label, className, barClassName }: ProgressMeterProps) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} steps done`}
      className={cn('h-2 overflow-hidden rounded-full bg-surface-2 ring-1 ring-border ring-inset', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-300', barClassName ?? 'bg-accent')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
