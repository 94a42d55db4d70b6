import type { Project } from '#shared/content/projects.ts';
import { cn } from '#web/lib/cn.ts';
import { splitMaterial } from '../lib/material-quantity.ts';
import { TutorialSection } from './tutorial-section.tsx';

interface MaterialsChecklistProps {
  project: Project;
  have: ReadonlySet<number>;
  /** Undefined while the member's ticks are not known yet: the ticks are disabled. */
  onToggle: ((index: number, have: boolean) => void) | undefined;
}

/** The parts list with quantities; "I have this" ticks are kept per account. */
export function MaterialsChecklist({ project, have, onToggle }: MaterialsChecklistProps) {
  const ready = project.materials.filter((_, index) => have.has(index)).length;
  return (
    <TutorialSection
      id="materials"
      kicker="Gather the parts"
      title="Materials"
      aside={
        <p className="label-mono text-muted print:hidden">
          {ready} of {project.materials.length} ready
        </p>
      }
    >
      <ul className="tray divide-y divide-border overflow-hidden">
        {project.materials.map((material, index) => {
          const { quantity, item } = splitMaterial(material);
          const checked = have.has(index);
          return (
            <li
              key={material}
              className="material-row flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-4 sm:px-5"
            >
              <span className="print-box" aria-hidden="true" />
              <span className="grid h-7 min-w-10 shrink-0 place-items-center rounded-md border border-border bg-surface-2 px-1.5 font-mono text-sm font-bold text-accent">
                {quantity ? `${quantity}×` : '—'}
              </span>
              <span className={cn('min-w-48 flex-1 basis-48', checked && 'text-muted')}>{item}</span>
              <label className="check-chip ml-auto print:hidden">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!onToggle}
                  onChange={(event) => onToggle?.(index, event.target.checked)}
                  className="check-input"
                  aria-label={`I have this: ${material}`}
                />
                <span>I have this</span>
              </label>
            </li>
          );
        })}
      </ul>
    </TutorialSection>
  );
}
