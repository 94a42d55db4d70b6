import { useEffect, useRef, useState } from 'react';
import CodeWorkbench, { type LearnerProgram } from '#web/features/code-editor/components/code-workbench.tsx';
import type { EditorSlotProps } from '#web/features/projects/components/edit-section.tsx';
import SimulatorPanel from '#web/features/simulator/components/simulator-panel.tsx';

/**
 * A tutorial's "Edit the code" (issue 32), composed here because it joins two features: the editor
 * (code-editor) and, once Run has compiled the learner's version, the simulator running it on the
 * tutorial's circuit just below, so editing, running and watching stay on one screen.
 */
export default function EditAndRun({ userId, slug, board, fileName, original, wiringSvg }: EditorSlotProps) {
  const [program, setProgram] = useState<LearnerProgram | null>(null);
  // Each run's result comes into view under the editor, as little scrolling as shows it.
  const simulator = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (program) simulator.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [program]);
  return (
    <div className="flex flex-col gap-5">
      <div className="tray p-4 sm:p-5">
        <CodeWorkbench
          userId={userId}
          slug={slug}
          board={board}
          fileName={fileName}
          original={original}
          onProgram={setProgram}
        />
      </div>
      {program ? (
        <div ref={simulator} className="scroll-mt-20">
          <SimulatorPanel slug={slug} wiringSvg={wiringSvg} program={program} />
        </div>
      ) : null}
    </div>
  );
}
