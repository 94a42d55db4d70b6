import * as Blockly from 'blockly/core';
import { Code2, Puzzle } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Board } from '#shared/content/projects.ts';
import type { Circuit } from '#shared/content/tutorials.ts';
import { RunButton, RunReport, SaveNotice } from '#web/components/run-report.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { type LearnerProgram, type RunState, runSketch } from '#web/lib/run-sketch.ts';
import { ownSketchKey } from '#web/lib/sketch-store.ts';
import { type SaveState, useSavedSketch } from '#web/lib/use-saved-sketch.ts';
import { registerArduinoBlocks, tieWorkspaceToCircuit, toolboxFor } from '../lib/arduino-blocks.ts';
import { blockAtLine, type GeneratedSketch, sketchFromWorkspace } from '../lib/arduino-generator.ts';
import { GeneratedCode } from './generated-code.tsx';
import { roboforgeTheme } from './theme.ts';

const SAVE_WORDS: Record<SaveState, string> = {
  loading: 'Opening your blocks…',
  unchanged: 'Saved to your account.',
  waiting: 'Changed: saving soon…',
  saving: 'Saving to your account…',
  saved: 'Saved to your account.',
  'on-device': 'Saved on this device. It goes to your account when you are back online.',
  missing: 'This sketch is not in your account any more.',
};

export interface BlocksWorkbenchProps {
  userId: string;
  sketch: { readonly id: string; readonly name: string; readonly circuit: string };
  /** The circuit the blocks are for: its parts are the ones the blocks offer, on their wired pins. */
  circuit: Circuit;
  board: Board;
  /** Run compiled the blocks' C++: the simulator takes it. */
  onProgram: (program: LearnerProgram) => void;
  /** "Turn into code": the sketch is text from now on (kept on the device first, then sent). */
  onTurnedIntoCode: () => void;
}

/**
 * Blocks (issue 33): a learner's sketch of their own built from blocks for the parts of its circuit,
 * the C++ they make beside them (the selected block's lines marked), Run through the same compile
 * service and simulator as text, saved as the text editor saves (the workspace and its C++ together).
 * Loaded only when a blocks sketch is opened: Blockly is its own chunk.
 */
export default function BlocksWorkbench({
  userId,
  sketch,
  circuit,
  board,
  onProgram,
  onTurnedIntoCode,
}: BlocksWorkbenchProps) {
  const key = ownSketchKey(sketch.id);
  const own = useMemo(() => ({ name: sketch.name, circuit: sketch.circuit }), [sketch.name, sketch.circuit]);
  const { opened, save, notice, change } = useSavedSketch({
    userId,
    key,
    original: null,
    own,
    fileName: `${sketch.name}.ino`,
  });
  const host = useRef<HTMLDivElement>(null);
  const workspace = useRef<Blockly.WorkspaceSvg | null>(null);
  const [generated, setGenerated] = useState<GeneratedSketch | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  /** On a phone the blocks and their C++ are two tabs; side by side from `lg` up. */
  const [shown, setShown] = useState<'blocks' | 'code'>('blocks');
  const latest = useRef({ change, generated });
  latest.current = { change, generated };

  // The workspace: made once the sketch is open, with the circuit's toolbox; every change of the
  // blocks makes their C++ again and is saved with it.
  useEffect(() => {
    const element = host.current;
    if (!opened?.blocks || !element) return;
    registerArduinoBlocks();
    const coarse = window.matchMedia('(pointer: coarse)').matches;
    const ws = Blockly.inject(element, {
      toolbox: toolboxFor(circuit),
      theme: roboforgeTheme(),
      renderer: 'thrasos',
      trashcan: true,
      sounds: false,
      // Its pictures from this site (the build copies them: scripts/blockly-media-plugin.ts), not Blockly's CDN.
      media: '/blockly-media/',
      move: { scrollbars: true, drag: true, wheel: false },
      // A finger needs bigger blocks than a mouse.
      zoom: { controls: true, wheel: true, pinch: true, startScale: coarse ? 1.1 : 0.95, minScale: 0.5, maxScale: 2 },
    });
    tieWorkspaceToCircuit(ws, circuit);
    // Loading is not a change: nothing is saved for merely opening the sketch.
    Blockly.Events.disable();
    try {
      Blockly.serialization.workspaces.load(opened.blocks, ws);
    } finally {
      Blockly.Events.enable();
    }
    setGenerated(sketchFromWorkspace(ws, circuit));
    ws.addChangeListener((event) => {
      if (event.type === Blockly.Events.SELECTED) {
        setSelected((event as Blockly.Events.Selected).newElementId ?? null);
        return;
      }
      if (event.isUiEvent) return;
      const next = sketchFromWorkspace(ws, circuit);
      setGenerated(next);
      void latest.current.change({ source: next.source, blocks: Blockly.serialization.workspaces.save(ws) });
    });
    workspace.current = ws;
    return () => {
      workspace.current = null;
      ws.dispose();
    };
  }, [opened, circuit]);

  // Turned into code on another device: this one opens it as text too.
  useEffect(() => {
    if (opened && opened.blocks === null) onTurnedIntoCode();
  }, [opened, onTurnedIntoCode]);

  // The blocks tab shown again on a phone: Blockly measures its new size.
  useEffect(() => {
    if (shown === 'blocks' && workspace.current) Blockly.svgResize(workspace.current);
  }, [shown]);

  const runIt = async () => {
    const sketchNow = latest.current.generated;
    if (!sketchNow) return;
    setRun({ kind: 'compiling' });
    for (const block of workspace.current?.getAllBlocks(false) ?? []) block.setWarningText(null);
    const { state, program } = await runSketch(userId, key, board, sketchNow.source);
    setRun(state);
    if (program) onProgram(program);
    if (state.kind === 'mistakes') {
      // Blocks should always make C++ that compiles; if not, the learner sees which block made the line.
      for (const diagnostic of state.diagnostics) {
        const id = blockAtLine(sketchNow, diagnostic.line);
        workspace.current?.getBlockById(id ?? '')?.setWarningText(diagnostic.plain);
      }
    }
  };

  const showBlockOfLine = (line: number) => {
    const id = generated ? blockAtLine(generated, line) : undefined;
    const block = id ? workspace.current?.getBlockById(id) : null;
    if (!block || !workspace.current) return;
    setShown('blocks');
    workspace.current.centerOnBlock(block.id);
    block.select();
  };

  const turnIntoCode = async () => {
    if (!generated) return;
    const sure = window.confirm(
      'Turn these blocks into code? From now on you change this sketch by typing C++. The blocks will not come back.',
    );
    if (!sure) return;
    await latest.current.change({ source: generated.source, blocks: null });
    onTurnedIntoCode();
  };

  if (save === 'missing') {
    return (
      <p role="alert" className="rounded-lg border border-amber-500/60 bg-amber-400/10 p-4 text-sm font-semibold">
        This sketch is not in your account: it was deleted, or it belongs to another account.
      </p>
    );
  }

  const marked = selected ? generated?.lines.get(selected) : undefined;
  return (
    <div className="flex flex-col gap-3" data-blocks-workbench="">
      <div className="flex flex-wrap items-center gap-2">
        <RunButton run={run} disabled={!generated} onRun={() => void runIt()} />
        <Button variant="ghost" disabled={!generated} onClick={() => void turnIntoCode()}>
          <Code2 aria-hidden="true" /> Turn into code
        </Button>
        <p className="ml-auto text-xs text-muted" aria-live="polite" data-save-state={save}>
          {SAVE_WORDS[save]}
        </p>
      </div>
      <SaveNotice notice={notice} />
      {/* On a phone: one of the two at a time. */}
      <fieldset className="flex gap-2 lg:hidden">
        <legend className="sr-only">Show</legend>
        <Button
          variant={shown === 'blocks' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={shown === 'blocks'}
          onClick={() => setShown('blocks')}
        >
          <Puzzle aria-hidden="true" /> Blocks
        </Button>
        <Button
          variant={shown === 'code' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={shown === 'code'}
          onClick={() => setShown('code')}
        >
          <Code2 aria-hidden="true" /> C++ code
        </Button>
      </fieldset>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className={cn('relative', shown === 'code' && 'max-lg:hidden')}>
          <div
            ref={host}
            // `isolate`: Blockly's toolbox (z-index 70) stays under the site's header when the page scrolls.
            // Tailwind's base makes every svg `display: block`, which beats the `display="none"` attribute
            // Blockly hides its closed drawer's scrollbar with.
            className="isolate h-[28rem] w-full overflow-hidden rounded-lg border border-border sm:h-[32rem] [&_svg[display=none]]:hidden"
            data-blocks-workspace=""
          />
          {opened ? null : (
            <div className="absolute inset-0 grid place-items-center">
              <Spinner label="Opening your blocks…" />
            </div>
          )}
        </div>
        <div className={cn(shown === 'blocks' && 'max-lg:hidden')}>
          <GeneratedCode source={generated?.source ?? ''} marked={marked} />
        </div>
      </div>
      <p className="text-xs text-muted">
        Drag blocks from the list on the left into “forever”. With the keyboard: Tab to the blocks, T opens the list,
        the arrow keys move, Enter picks a block and places it. The C++ beside the blocks is what Run compiles for the{' '}
        board on the server; the selected block’s lines are marked.
      </p>
      <RunReport run={run} onGoTo={showBlockOfLine} ranWords="Compiled: your blocks run in the simulator below." />
    </div>
  );
}
