import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Board } from '#shared/content/projects.ts';
import type { Circuit } from '#shared/content/tutorials.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import CodeWorkbench, { type WorkbenchSketch } from '#web/features/code-editor/components/code-workbench.tsx';
import SimulatorPanel from '#web/features/simulator/components/simulator-panel.tsx';
import type { LearnerProgram } from '#web/lib/run-sketch.ts';

// Blockly and our blocks: a chunk of their own, loaded only when a sketch made with blocks opens.
const BlocksWorkbench = lazy(() => import('#web/features/blocks/components/blocks-workbench.tsx'));

export interface CodeAndSimulatorProps {
  userId: string;
  sketch: WorkbenchSketch;
  /** The circuit it runs on: a tutorial's slug or the trainer board's (shared/content/circuits.ts). */
  circuit: string;
  board: Board;
  fileName: string;
  wiringSvg: string | undefined;
  /** A sketch of one's own made with blocks: the blocks instead of the text editor, until turned into code. */
  blocks?: { readonly circuit: Circuit; readonly onTurnedIntoCode: () => void };
}

/**
 * The editor and, once Run has compiled the learner's code, the simulator running it on the circuit
 * just below, so editing, running and watching stay on one screen: a tutorial's "Edit the code" and
 * a playground sketch. Composed here because it joins two features (code-editor, simulator).
 */
export function CodeAndSimulator({
  userId,
  sketch,
  circuit,
  board,
  fileName,
  wiringSvg,
  blocks,
}: CodeAndSimulatorProps) {
  const [program, setProgram] = useState<LearnerProgram | null>(null);
  // Each run's result comes into view under the editor, as little scrolling as shows it.
  const simulator = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (program) simulator.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [program]);
  return (
    <div className="flex flex-col gap-5">
      <div className="tray p-4 sm:p-5">
        {blocks && sketch.kind === 'own' ? (
          <Suspense fallback={<Spinner label="Opening your blocks…" className="min-h-[28rem]" />}>
            <BlocksWorkbench
              userId={userId}
              sketch={sketch}
              circuit={blocks.circuit}
              board={board}
              onProgram={setProgram}
              onTurnedIntoCode={blocks.onTurnedIntoCode}
            />
          </Suspense>
        ) : (
          <CodeWorkbench userId={userId} sketch={sketch} board={board} fileName={fileName} onProgram={setProgram} />
        )}
      </div>
      {program ? (
        <div ref={simulator} className="scroll-mt-20">
          <SimulatorPanel slug={circuit} wiringSvg={wiringSvg} program={program} />
        </div>
      ) : null}
    </div>
  );
}
