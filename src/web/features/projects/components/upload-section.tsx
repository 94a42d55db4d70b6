import { RotateCcw, Usb } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { BOARD_NAMES, type Project } from '#shared/content/projects.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { TutorialSection } from './tutorial-section.tsx';
import type { UploadPanelProps } from './upload-panel.tsx';

type Opened =
  | { readonly state: 'closed' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'open'; readonly Panel: ComponentType<UploadPanelProps> };

/**
 * "Upload to your board": the tutorial's program to a real board over USB. The upload's code (the
 * STK500 client, Web Serial, the serial monitor) is fetched only when the learner opens it.
 */
export function UploadSection({ project }: { project: Project }) {
  const [opened, setOpened] = useState<Opened>({ state: 'closed' });
  const open = () => {
    setOpened({ state: 'loading' });
    import('./upload-panel.tsx').then(
      (module) => setOpened({ state: 'open', Panel: module.default }),
      () => setOpened({ state: 'failed' }),
    );
  };

  return (
    <TutorialSection id="upload" kicker="Built it?" title="Upload to your board">
      {opened.state === 'open' ? (
        <opened.Panel slug={project.slug} board={project.board} title={project.title} />
      ) : (
        <div className="tray flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
          <span
            className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent"
            aria-hidden="true"
          >
            <Usb className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">Put this program on your {BOARD_NAMES[project.board]} from this page.</p>
            <p className="mt-1 text-sm text-muted">
              Plug the board in with a USB cable: the page uploads the sketch and shows what the board prints. Nothing
              to install (Chrome or Edge on a computer, or a Chromebook).
            </p>
          </div>
          {opened.state === 'failed' ? (
            <div role="alert" className="flex flex-col items-start gap-2">
              <p className="text-sm font-semibold">The upload tool did not load. Check your connection.</p>
              <Button variant="secondary" onClick={open}>
                <RotateCcw aria-hidden="true" /> Try again
              </Button>
            </div>
          ) : (
            <Button onClick={open} disabled={opened.state === 'loading'} aria-busy={opened.state === 'loading'}>
              {opened.state === 'loading' ? (
                <Spinner label="Loading the upload…" className="[&_svg]:size-4 [&_svg]:text-current" />
              ) : (
                <Usb aria-hidden="true" />
              )}
              Set up the upload
            </Button>
          )}
        </div>
      )}
    </TutorialSection>
  );
}
