import { memo } from 'react';
import type { PartView } from '#device/simulator/parts/part.ts';
import type { WiringPart } from '#shared/content/tutorials.ts';
import { cn } from '#web/lib/cn.ts';
import { describeView, isActive, isOutput } from '../lib/part-look.ts';
import { ClockFace, LcdScreen } from './displays.tsx';
import { PartIcon } from './part-visuals.tsx';

/** One card per output part, the part drawn as it is now and its state in words. */
export const PartOutputs = memo(function PartOutputs({
  parts,
  views,
}: {
  parts: readonly WiringPart[];
  views: Readonly<Record<string, PartView>>;
}) {
  const outputs = parts.flatMap((part) => {
    const view = views[part.id];
    return isOutput(view) ? [{ part, view }] : [];
  });
  if (outputs.length === 0) return null;
  return (
    <ul className="grid grid-cols-1 gap-2 min-[28rem]:grid-cols-2">
      {outputs.map(({ part, view }) => {
        const wide = view.kind === 'lcd' || view.kind === 'clock';
        return (
          <li
            key={part.id}
            data-output={part.id}
            data-state={describeView(view)}
            className={cn(
              'sim-output flex min-h-18 items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2',
              isActive(view) && 'sim-output-active',
              wide && 'min-[28rem]:col-span-2 flex-col items-start',
            )}
          >
            {view.kind === 'lcd' ? (
              <>
                <p className="text-sm font-semibold">{part.label}</p>
                <LcdScreen lines={view.lines} backlight={view.backlight} />
                <p className="sr-only">{describeView(view)}</p>
              </>
            ) : view.kind === 'clock' ? (
              <>
                <p className="text-sm font-semibold">{part.label}</p>
                <ClockFace time={view.time} />
              </>
            ) : (
              <>
                <PartIcon view={view} label={part.label} />
                <div className="min-w-0">
                  <p className="text-sm leading-snug font-semibold">{part.label}</p>
                  <p className="text-sm text-muted">{describeView(view)}</p>
                </div>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
});
