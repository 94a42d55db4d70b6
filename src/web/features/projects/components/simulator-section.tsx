import { Cpu, Play } from 'lucide-react';
import type { ComponentType } from 'react';
import type { Project } from '#shared/content/projects.ts';
import { BOARD_NAMES } from '#shared/content/projects.ts';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { LazyLauncher } from './lazy-launcher.tsx';
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
  return (
    <TutorialSection id="simulator" kicker="Try it first" title="Run it in the simulator" focusable>
      <LazyLauncher
        className="bg-blueprint sim-launcher"
        icon={<Cpu />}
        lead="No parts yet? Watch this robot’s sketch run first."
        detail={`A simulated ${BOARD_NAMES[project.board]} runs the code below, wired as the diagram shows: move its sensors, watch its outputs and read its serial monitor.`}
        action="Run in the simulator"
        actionIcon={<Play aria-hidden="true" />}
        loading="Loading the simulator…"
        failed="The simulator did not load."
        load={load}
        onOpen={() => performance.mark(RUN_MARK)}
      >
        {(Simulator) => <Simulator slug={project.slug} wiringSvg={assets.data?.wiringSvg} />}
      </LazyLauncher>
    </TutorialSection>
  );
}
