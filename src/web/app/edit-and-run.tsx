import { Puzzle, Sparkles } from 'lucide-react';
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
import { blocksToStart } from './start-with-blocks.ts';

/**
 * A tutorial's "Edit the code" (issue 32): the learner's version of its sketch with the simulator
 * (code-and-simulator.tsx), and a way to start a sketch of their own on the same circuit.
 */
export default function EditAndRun({ userId, slug, board, fileName, original, wiringSvg }: EditorSlotProps) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState<'code' | 'blocks' | null>(null);
  /** A sketch of the learner's own on this circuit, blank or of empty blocks, opened in the Playground. */
  const startOwn = async (withBlocks: boolean) => {
    setStarting(withBlocks ? 'blocks' : 'code');
    try {
      const title = findProjectBySlug(slug)?.title ?? 'sketch';
      const id = withBlocks
        ? await blocksToStart(slug, null).then(({ blocks, source }) =>
            createOwnSketch(userId, { name: `My ${title} with blocks`, circuit: slug, blocks }, source),
          )
        : await createOwnSketch(userId, { name: `My ${title}`, circuit: slug }, blankSketchFor(slug));
      navigate(playgroundSketchPath(id));
    } catch (error) {
      notifyError('Could not start a sketch', reasonOf(error));
      setStarting(null);
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
        <Button
          variant="secondary"
          size="sm"
          disabled={starting !== null}
          aria-busy={starting === 'code'}
          onClick={() => void startOwn(false)}
        >
          <Sparkles aria-hidden="true" /> Start my own on this circuit
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={starting !== null}
          aria-busy={starting === 'blocks'}
          onClick={() => void startOwn(true)}
        >
          <Puzzle aria-hidden="true" /> Start with blocks
        </Button>
        <span>A sketch of yours on this robot’s wiring, in text or blocks, kept in your Playground.</span>
      </div>
    </div>
  );
}
