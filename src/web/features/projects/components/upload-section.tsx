import { Usb } from 'lucide-react';
import { BOARD_NAMES, type Project } from '#shared/content/projects.ts';
import { LazyLauncher } from './lazy-launcher.tsx';
import { TutorialSection } from './tutorial-section.tsx';

const loadUploadPanel = () => import('./upload-panel.tsx').then((module) => module.default);

/**
 * "Upload to your board": the tutorial's program to a real board over USB. The upload's code (the
 * STK500 client, Web Serial, the serial monitor) is fetched only when the learner opens it.
 */
export function UploadSection({ project, userId }: { project: Project; userId: string | null }) {
  return (
    <TutorialSection id="upload" kicker="Built it?" title="Upload to your board">
      <LazyLauncher
        icon={<Usb />}
        lead={`Put this program on your ${BOARD_NAMES[project.board]} from this page.`}
        detail="Plug the board in with a USB cable: the page uploads the sketch and shows what the board prints. Nothing to install (Chrome or Edge on a computer, or a Chromebook)."
        action="Set up the upload"
        actionIcon={<Usb aria-hidden="true" />}
        loading="Loading the upload…"
        failed="The upload tool did not load."
        load={loadUploadPanel}
      >
        {(Panel) => <Panel slug={project.slug} board={project.board} title={project.title} userId={userId} />}
      </LazyLauncher>
    </TutorialSection>
  );
}
