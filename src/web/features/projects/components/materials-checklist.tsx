import type { Project } from '#shared/content/projects.ts';
import { splitMaterial } from '../lib/material-quantity.ts';
import { TutorialSection } from './tutorial-section.tsx';

interface MaterialsChecklistProps {
  project: Project;
  have: ReadonlySet<number>;
  onToggle: (index: number, have: boolean) => void;
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
            <li key={material} className="material-row flex items-center gap-3 px-4 py-3 sm:gap-4 sm:px-5">
              <span className="print-box" aria-hidden="true" />
              <span className="grid h-7 min-w-10 shrink-0 place-items-center rounded-md border border-border bg-surface-2 px-1.5 font-mono text-sm font-bold text-accent">
                {quantity ? `${quantity}×` : '—'}
              </span>
              <span className={checked ? 'min-w-0 flex-1 text-muted' : 'min-w-0 flex-1'}>{item}</span>
              <label className="check-chip print:hidden">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => onToggle(index, event.target.checked)}
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
