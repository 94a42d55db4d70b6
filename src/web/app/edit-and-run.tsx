import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { blankSketchFor } from '#shared/content/circuits.ts';
import { findProjectBySlug } from '#shared/content/projects.ts';
import { playgroundSketchPath } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { EditorSlotProps } from '#web/features/projects/components/edit-section.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { notifyError } from '#web/lib/notify.ts';
import { createOwnSketch } from '#web/lib/sketch-sync.ts';
import { CodeAndSimulator } from './code-and-simulator.tsx';

/**
 * A tutorial's "Edit the code" (issue 32): the learner's version of its sketch with the simulator
 * (code-and-simulator.tsx), and a way to start a sketch of their own on the same circuit.
 */
export default function EditAndRun({ userId, slug, board, fileName, original, wiringSvg }: EditorSlotProps) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const startOwn = async () => {
    setStarting(true);
    try {
      const name = `My ${findProjectBySlug(slug)?.title ?? 'sketch'}`;
      const id = await createOwnSketch(userId, { name, circuit: slug }, blankSketchFor(slug));
      navigate(playgroundSketchPath(id));
    } catch (error) {
      notifyError('Could not start a sketch', reasonOf(error));
      setStarting(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <CodeAndSimulator
        userId={userId}
        sketch={{ kind: 'tutorial', slug, original }}
        circuit={slug}
        board={board}
        fileName={fileName}
        wiringSvg={wiringSvg}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <Button variant="secondary" size="sm" disabled={starting} onClick={() => void startOwn()}>
          <Sparkles aria-hidden="true" /> Start my own on this circuit
        </Button>
        <span>A blank sketch of yours on this robot’s wiring, kept in your Playground.</span>
      </div>
    </div>
  );
}
