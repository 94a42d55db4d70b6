import { useQueryClient } from '@tanstack/react-query';
import { FilePlus2, Lightbulb, Puzzle, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { blankSketchFor, circuitTitle, TRAINER_CIRCUIT } from '#shared/content/circuits.ts';
import { TRAINER_STARTERS } from '#shared/content/trainer-starters/starters.ts';
import { playgroundSketchPath, ROUTES } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { notifyError } from '#web/lib/notify.ts';
import { createOwnSketch } from '#web/lib/sketch-sync.ts';
import {
  type OwnSketchEntry,
  ownSketchesQueryOptions,
  useDeleteOwnSketch,
  useOwnSketches,
} from '../api/own-sketches.ts';
import { trainerAssetsQueryOptions, useTrainerAssets } from '../api/trainer-assets.ts';
import { CircuitDiagram } from './circuit-diagram.tsx';
import { PinTable } from './pin-table.tsx';

/** A name not yet taken among the learner's sketches: "Blink", then "Blink 2", "Blink 3"… */
function freshName(name: string, taken: readonly OwnSketchEntry[] | undefined): string {
  const names = new Set(taken?.map((sketch) => sketch.name));
  let candidate = name;
  for (let n = 2; names.has(candidate); n++) candidate = `${name} ${n}`;
  return candidate;
}

/** One way to start a sketch: a card that opens it in one click, with a spinner while it does. */
function StartCard({
  id,
  title,
  description,
  icon,
  dashed = false,
  starting,
  onStart,
}: {
  id: string;
  title: string;
  description: string;
  icon: ReactNode;
  dashed?: boolean;
  /** Which card is opening its sketch, if one is: every card waits meanwhile. */
  starting: string | null;
  onStart: () => void;
}) {
  return (
    <button
      type="button"
      className={cn(
        'flex h-full w-full flex-col gap-1 rounded-xl border border-border p-4 text-left transition-colors hover:border-accent/70 focus-visible:border-accent disabled:opacity-60',
        dashed ? 'border-dashed' : 'bg-surface-2/60',
      )}
      disabled={starting !== null}
      aria-busy={starting === id}
      onClick={onStart}
      data-starter={id}
    >
      <span className="flex items-center gap-2 font-display text-lg font-semibold">
        {starting === id ? <Spinner label="Opening…" className="[&_svg]:size-4" /> : icon}
        {title}
      </span>
      <span className="text-sm text-muted">{description}</span>
    </button>
  );
}

/** A new blocks sketch's first content: a starter's blocks (null: empty ones) and the C++ they make. */
type BlocksContentOf = (
  circuit: string,
  starterId: string | null,
) => Promise<{ blocks: Record<string, unknown>; source: string }>;

/**
 * `/playground` (issue 32): the trainer board every learner can rely on, its starter sketches one
 * click away, in code or in blocks (issue 33), and the learner's own sketches (on the trainer board
 * or a tutorial's circuit).
 */
export function PlaygroundHome({
  userId,
  blocks,
}: {
  userId: string;
  /** The blocks starters (composed in by the app: blocks are a feature of their own). */
  blocks: {
    readonly starters: readonly { readonly id: string; readonly title: string; readonly description: string }[];
    readonly contentOf: BlocksContentOf;
  };
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sketches = useOwnSketches(userId);
  const assets = useTrainerAssets();
  const remove = useDeleteOwnSketch(userId);
  const [starting, setStarting] = useState<string | null>(null);

  /** A new sketch of the learner's own on the trainer board (in text, or blocks and their C++), opened at once. */
  const start = async (
    what: string,
    name: string,
    content: () => Promise<{ source: string; blocks?: Record<string, unknown> }>,
  ) => {
    setStarting(what);
    try {
      const { source, blocks: made } = await content();
      const id = await createOwnSketch(
        userId,
        { name: freshName(name, sketches.data), circuit: TRAINER_CIRCUIT, ...(made ? { blocks: made } : {}) },
        source,
      );
      await queryClient.invalidateQueries({ queryKey: ownSketchesQueryOptions(userId).queryKey });
      navigate(playgroundSketchPath(id));
    } catch (error) {
      notifyError('Could not start a sketch', reasonOf(error));
      setStarting(null);
    }
  };
  const starterSource = (id: string) => async () => {
    // A quick click may come before the starters' chunk: it waits for it here.
    const loaded = await queryClient.fetchQuery(trainerAssetsQueryOptions());
    const starter = loaded.starters.find((s) => s.id === id);
    if (!starter) throw new Error(`No starter ${id}`);
    return { source: starter.source };
  };

  const confirmDelete = (sketch: OwnSketchEntry) => {
    if (window.confirm(`Delete “${sketch.name}”? It goes from your account and every device.`))
      remove.mutate(sketch.id);
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header>
        <p className="label-mono text-accent">Playground</p>
        <h1 className="mt-2 font-display text-4xl font-bold">Your trainer board</h1>
        <p className="mt-3 max-w-2xl text-muted">
          One board with lights, a button, a knob, a buzzer, a servo, a distance sensor and a screen, always wired the
          same way. Write any program you like for it and run it in the simulator.
        </p>
      </header>

      <section aria-labelledby="starters-heading" className="flex flex-col gap-4">
        <h2 id="starters-heading" className="font-display text-2xl font-semibold">
          Start from an example
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {TRAINER_STARTERS.map((starter) => (
            <li key={starter.id}>
              <StartCard
                id={starter.id}
                title={starter.title}
                description={starter.description}
                icon={<Lightbulb aria-hidden="true" className="size-4 text-accent" />}
                starting={starting}
                onStart={() => void start(starter.id, starter.title, starterSource(starter.id))}
              />
            </li>
          ))}
          <li>
            <StartCard
              id="blank"
              title="Blank sketch"
              description="Start from nothing, with the pins written down for you."
              icon={<FilePlus2 aria-hidden="true" className="size-4 text-accent" />}
              dashed
              starting={starting}
              onStart={() =>
                void start('blank', 'My sketch', async () => ({ source: blankSketchFor(TRAINER_CIRCUIT) }))
              }
            />
          </li>
        </ul>
      </section>

      <section aria-labelledby="blocks-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="blocks-heading" className="font-display text-2xl font-semibold">
            Start with blocks
          </h2>
          <p className="mt-1 text-muted">
            Snap blocks together instead of typing: you see the C++ they make beside them, and Run works the same.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {blocks.starters.map((starter) => (
            <li key={starter.id}>
              <StartCard
                id={`blocks-${starter.id}`}
                title={`${starter.title} (blocks)`}
                description={starter.description}
                icon={<Puzzle aria-hidden="true" className="size-4 text-accent" />}
                starting={starting}
                onStart={() =>
                  void start(`blocks-${starter.id}`, `${starter.title} with blocks`, () =>
                    blocks.contentOf(TRAINER_CIRCUIT, starter.id),
                  )
                }
              />
            </li>
          ))}
          <li>
            <StartCard
              id="blocks-empty"
              title="Empty blocks"
              description="“When the board starts” and “forever”, ready for your blocks."
              icon={<Puzzle aria-hidden="true" className="size-4 text-accent" />}
              dashed
              starting={starting}
              onStart={() => void start('blocks-empty', 'My blocks', () => blocks.contentOf(TRAINER_CIRCUIT, null))}
            />
          </li>
        </ul>
      </section>

      <section aria-labelledby="mine-heading" className="tray flex flex-col gap-4 p-6">
        <h2 id="mine-heading" className="font-display text-2xl font-semibold">
          Your sketches
        </h2>
        {sketches.isPending ? (
          <Spinner label="Loading your sketches…" />
        ) : sketches.isError ? (
          <div role="alert">
            <p className="font-semibold">We could not load your sketches. {reasonOf(sketches.error)}</p>
            <Button variant="secondary" className="mt-4" onClick={() => sketches.refetch()}>
              Try again
            </Button>
          </div>
        ) : sketches.data.length === 0 ? (
          <p className="text-muted">
            No sketches yet. Pick an example above, or open a{' '}
            <Link to={ROUTES.projects} className="font-semibold text-accent underline-offset-4 hover:underline">
              tutorial
            </Link>{' '}
            and press “Start my own on this circuit” under its code.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" data-own-sketches="">
            {sketches.data.map((sketch) => (
              <li key={sketch.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-own-sketch="">
                <div className="flex min-w-0 flex-1 flex-col">
                  <Link
                    to={playgroundSketchPath(sketch.id)}
                    className="truncate font-semibold underline-offset-4 hover:underline"
                  >
                    {sketch.name}
                  </Link>
                  <span className="text-xs text-muted">
                    {circuitTitle(sketch.circuit)} ·{' '}
                    {sketch.updatedAt
                      ? `saved ${new Date(sketch.updatedAt).toLocaleString()}`
                      : 'on this device, not yet in your account'}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => confirmDelete(sketch)}
                  aria-label={`Delete ${sketch.name}`}
                >
                  <Trash2 aria-hidden="true" /> Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="board-heading" className="flex flex-col gap-4">
        <h2 id="board-heading" className="font-display text-2xl font-semibold">
          The trainer board
        </h2>
        <p className="text-muted">
          An Arduino Uno with everything on these pins. A real trainer shield, or a breadboard wired like the diagram,
          runs the same sketches.
        </p>
        <CircuitDiagram svg={assets.data?.wiringSvg} label="Wiring diagram of the trainer board" />
        <PinTable />
      </section>
    </div>
  );
}
