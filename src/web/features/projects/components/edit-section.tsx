import { Code2 } from 'lucide-react';
import { type ComponentType, useMemo } from 'react';
import { BOARD_NAMES, type Board, type Project } from '#shared/content/projects.ts';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { sketchSource } from '../lib/sketch-source.ts';
import { LazyLauncher } from './lazy-launcher.tsx';
import { TutorialSection } from './tutorial-section.tsx';

/** What the editor is given on a tutorial page: whose code, which sketch, its board and diagram. */
export interface EditorSlotProps {
  userId: string;
  slug: string;
  board: Board;
  fileName: string;
  /** The tutorial's own sketch. */
  original: string;
  wiringSvg: string | undefined;
}

/**
 * Loads the editor with the simulator beside it (the app layer composes them: two features). Its
 * code (CodeMirror among it) is fetched only when the learner presses Edit the code.
 */
export type LoadEditor = () => Promise<ComponentType<EditorSlotProps>>;

/** "Change it and run it" (issue 32): the learner's own version of the sketch, compiled and simulated. */
export function EditSection({
  project,
  assets,
  userId,
  load,
}: {
  project: Project;
  assets: TutorialAssetsState;
  userId: string | null;
  load: LoadEditor;
}) {
  const codeLines = assets.data?.codeLines;
  const original = useMemo(() => codeLines && sketchSource(codeLines), [codeLines]);
  return (
    <TutorialSection id="edit" kicker="Make it yours" title="Change the code and run it">
      {userId === null ? (
        // Tutorials are for members: this shows only while the session is checked (decision 011).
        <div className="tray flex min-h-24 items-center p-5 sm:p-6" aria-busy="true">
          <p className="text-sm text-muted">Change this robot’s code…</p>
        </div>
      ) : (
        <LazyLauncher
          icon={<Code2 />}
          lead="Change this robot’s code and see what happens."
          detail={`Edit the sketch, press Run, and a simulated ${BOARD_NAMES[project.board]} runs your version. It is saved as you type.`}
          action="Edit the code"
          actionIcon={<Code2 aria-hidden="true" />}
          loading="Loading the editor…"
          failed="The editor did not load."
          load={load}
        >
          {(Editor) =>
            original === undefined ? null : (
              <Editor
                userId={userId}
                slug={project.slug}
                board={project.board}
                fileName={assets.data?.sketchFile ?? `${project.slug}.ino`}
                original={original}
                wiringSvg={assets.data?.wiringSvg}
              />
            )
          }
        </LazyLauncher>
      )}
    </TutorialSection>
  );
}
