import { Cpu, Play, RotateCcw } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import type { Project } from '#shared/content/projects.ts';
import { BOARD_NAMES } from '#shared/content/projects.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { TutorialSection } from './tutorial-section.tsx';

/** What the simulator is given to show a tutorial: its slug and the diagram the page drew. */
export interface SimulatorSlotProps {
  slug: string;
  /** The wiring diagram's SVG, undefined while it loads. */
  wiringSvg: string | undefined;
}

/**
 * Loads the simulator (the app layer composes it: it needs the sound engine, another feature). Its
 * code is fetched only when the learner presses Run, so the page's first load does not grow.
 */
export type LoadSimulator = () => Promise<ComponentType<SimulatorSlotProps>>;

/** Read by bench/simulator.ts: when Run was pressed (the first serial text is marked by the simulator). */
const RUN_MARK = 'simulator:run';

type Opened =
  | { readonly state: 'closed' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'open'; readonly Simulator: ComponentType<SimulatorSlotProps> };

/** "Run in the simulator": the tutorial's program on a simulated board, opened in place. */
export function SimulatorSection({
  project,
  assets,
  load,
}: {
  project: Project;
  assets: TutorialAssetsState;
  load: LoadSimulator;
}) {
  const [opened, setOpened] = useState<Opened>({ state: 'closed' });

  const open = () => {
    performance.mark(RUN_MARK);
    setOpened({ state: 'loading' });
    load().then(
      (Simulator) => setOpened({ state: 'open', Simulator }),
      () => setOpened({ state: 'failed' }),
    );
  };

  return (
    <TutorialSection id="simulator" kicker="Try it first" title="Run it in the simulator">
      {opened.state === 'open' ? (
        <opened.Simulator slug={project.slug} wiringSvg={assets.data?.wiringSvg} />
      ) : (
        <div className="tray bg-blueprint sim-launcher flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
          <span
            className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent"
            aria-hidden="true"
          >
            <Cpu className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">No parts yet? Watch this robot’s sketch run first.</p>
            <p className="mt-1 text-sm text-muted">
              A simulated {BOARD_NAMES[project.board]} runs the code below, wired as the diagram shows: move its
              sensors, watch its outputs and read its serial monitor.
            </p>
          </div>
          {opened.state === 'failed' ? (
            <div role="alert" className="flex flex-col items-start gap-2">
              <p className="text-sm font-semibold">The simulator did not load. Check your connection.</p>
              <Button variant="secondary" onClick={open}>
                <RotateCcw aria-hidden="true" /> Try again
              </Button>
            </div>
          ) : (
            <Button onClick={open} disabled={opened.state === 'loading'} aria-busy={opened.state === 'loading'}>
              {opened.state === 'loading' ? (
                <Spinner label="Loading the simulator…" className="[&_svg]:size-4 [&_svg]:text-current" />
              ) : (
                <Play aria-hidden="true" />
              )}
              Run in the simulator
            </Button>
          )}
        </div>
      )}
    </TutorialSection>
  );
}
