import { useId } from 'react';
import type { Draft } from '#web/lib/sketch-store.ts';

export type ProgramVersion = 'mine' | 'tutorial';

/** "Which program?": the learner's version of the tutorial's sketch or the tutorial's own, for the upload and the downloads alike. */
export function ProgramChoice({
  draft,
  version,
  onChange,
  disabled = false,
}: {
  draft: Draft;
  version: ProgramVersion;
  onChange: (version: ProgramVersion) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm" disabled={disabled}>
      <legend className="mb-1 font-semibold">Which program?</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} checked={version === 'mine'} onChange={() => onChange('mine')} />
        Your version (changed {new Date(draft.updatedAt).toLocaleString()})
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} checked={version === 'tutorial'} onChange={() => onChange('tutorial')} />
        The tutorial’s program
      </label>
    </fieldset>
  );
}
