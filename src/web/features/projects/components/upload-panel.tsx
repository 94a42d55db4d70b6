import { CircleCheck, Laptop, Plug, TriangleAlert, Unplug, Usb, X } from 'lucide-react';
import { useId, useState } from 'react';
import { BOARD_CHIPS } from '#shared/content/boards.ts';
import { BOARD_NAMES, type Board } from '#shared/content/projects.ts';
import { SerialMonitor } from '#web/components/serial-monitor.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type SketchKey, tutorialSketchKey } from '#web/lib/sketch-store.ts';
import { SKETCH_BAUD_RATE, type UploadState, useBoardUpload } from '../hooks/use-board-upload.ts';
import { useLearnerDraft } from '../hooks/use-learner-draft.ts';
import { failureMessage } from '../lib/upload-messages.ts';
import { isTouchOnlyDevice, webSerial } from '../lib/web-serial.ts';
import { NoWebSerial } from './no-web-serial.tsx';
import { ProgramChoice, type ProgramVersion } from './program-choice.tsx';

export interface UploadPanelProps {
  readonly slug: string;
  readonly board: Board;
  readonly title: string;
  /** The signed-in learner, whose own version of the sketch (if any) can be sent instead. */
  readonly userId?: string | null;
  /**
   * A sketch of the learner's own (the playground's): only it is sent, there is no tutorial's
   * program to choose instead, and `slug` is its circuit's.
   */
  readonly ownKey?: SketchKey;
}

const PHASE_TEXT = {
  connecting: 'Connecting to the board…',
  writing: 'Writing the program',
  verifying: 'Checking every byte',
  done: 'Done',
} as const;

/**
 * "Upload to your board": the tutorial's compiled program to a real Uno or Nano over USB, from the
 * page (Web Serial, Chrome and Edge on a computer), then the board's output in the serial monitor.
 * Where the browser cannot, it says so and offers the file and the avrdude command.
 */
export default function UploadPanel({ slug, board, title, userId, ownKey }: UploadPanelProps) {
  const own = ownKey !== undefined;
  if (isTouchOnlyDevice()) return <NeedsAComputer />;
  const cannot = { slug, board, title, own, userId };
  if (!webSerial()) return <NoWebSerial {...cannot} reason="browser" />;
  if (!window.isSecureContext) return <NoWebSerial {...cannot} reason="insecure" />;
  return <WebSerialUpload slug={slug} board={board} title={title} userId={userId} ownKey={ownKey} />;
}

function WebSerialUpload({ slug, board, title, userId, ownKey }: UploadPanelProps) {
  const upload = useBoardUpload(slug, board);
  const learner = useLearnerDraft(userId, ownKey ?? tutorialSketchKey(slug), board);
  const [version, setVersion] = useState<ProgramVersion>('mine');
  // A sketch of one's own has no other program: it is the one sent.
  const sendsMine = ownKey !== undefined || (learner.draft !== null && version === 'mine');
  const chip = BOARD_CHIPS[board];
  const [oldBootloader, setOldBootloader] = useState(false);
  const baudRate = oldBootloader && chip.oldBootloaderBaud ? chip.oldBootloaderBaud : chip.baud;
  const busy = upload.state.step === 'uploading';
  const name = useId();

  return (
    <div className="flex flex-col gap-4">
      <ol className="grid gap-2 text-sm text-muted sm:grid-cols-3">
        <li className="tray p-3">
          <span className="font-semibold text-fg">1. Plug in</span> your {BOARD_NAMES[board]} with a USB data cable.
        </li>
        <li className="tray p-3">
          <span className="font-semibold text-fg">2. Choose its port</span> in the list your browser shows (often “USB
          Serial” or “Arduino”).
        </li>
        <li className="tray p-3">
          <span className="font-semibold text-fg">3. Wait</span> a few seconds: the board restarts running {title}.
        </li>
      </ol>

      {chip.oldBootloaderBaud ? (
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm" disabled={busy}>
          <legend className="mb-1 font-semibold">Which Nano bootloader?</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={name} checked={!oldBootloader} onChange={() => setOldBootloader(false)} />
            Current (most Nanos, {chip.baud.toLocaleString('en')} baud)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={name} checked={oldBootloader} onChange={() => setOldBootloader(true)} />
            Old bootloader (older and many clone Nanos, {chip.oldBootloaderBaud.toLocaleString('en')} baud)
          </label>
        </fieldset>
      ) : null}

      {learner.draft && ownKey === undefined ? (
        <ProgramChoice draft={learner.draft} version={version} onChange={setVersion} disabled={busy} />
      ) : null}
      {learner.problem ? (
        <p role="alert" className="text-sm font-semibold">
          {learner.problem}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void upload.start(baudRate, sendsMine ? learner.program : undefined)}
          disabled={busy}
          aria-busy={busy}
        >
          <Usb aria-hidden="true" />{' '}
          {upload.state.step === 'done' ? 'Upload again' : sendsMine ? 'Upload my version' : 'Upload to board'}
        </Button>
        {busy ? (
          <Button variant="secondary" onClick={upload.cancel}>
            <X aria-hidden="true" /> Cancel
          </Button>
        ) : upload.monitor.connected ? (
          <Button variant="secondary" onClick={() => void upload.disconnect()}>
            <Unplug aria-hidden="true" /> Disconnect
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => void upload.connectMonitor()}>
            <Plug aria-hidden="true" /> Only open the serial monitor
          </Button>
        )}
      </div>

      <UploadStatus state={upload.state} isNano={board === 'nano'} title={title} />

      {upload.monitor.connected || upload.monitor.lost || upload.monitor.log.text !== '' ? (
        <div className="tray overflow-hidden">
          {upload.monitor.lost ? (
            <p role="status" className="border-b border-border px-4 py-2 text-sm">
              The board was disconnected. Plug it back in and open the monitor again.
            </p>
          ) : null}
          <SerialMonitor
            log={upload.monitor.log}
            baudRate={SKETCH_BAUD_RATE}
            onPause={upload.pause}
            onResume={upload.resume}
            onClear={upload.clear}
            {...(upload.monitor.connected ? { onSend: (line: string) => void upload.send(line) } : {})}
            placeholder="Waiting for the board to print…"
          />
        </div>
      ) : null}
    </div>
  );
}

function UploadStatus({ state, isNano, title }: { state: UploadState; isNano: boolean; title: string }) {
  if (state.step === 'idle') return <p className="sr-only" role="status" />;
  if (state.step === 'uploading') {
    const { phase, done, total } = state.progress;
    const percent = phase === 'connecting' ? 0 : Math.round((done / total) * 100);
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-sm font-semibold">
          {PHASE_TEXT[phase]}
          {phase === 'writing' || phase === 'verifying' ? ` ${percent} %` : ''}
        </p>
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={phase === 'verifying' ? 50 + percent / 2 : percent / 2}
          className="h-2 overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width] motion-reduce:transition-none"
            style={{ width: `${phase === 'verifying' ? 50 + percent / 2 : percent / 2}%` }}
          />
        </div>
      </div>
    );
  }
  if (state.step === 'done') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-semibold text-success">
        <CircleCheck aria-hidden="true" className="size-5" /> Uploaded and checked. Your board is running {title}.
      </p>
    );
  }
  const message = failureMessage(state.problem, { isNano });
  return (
    <div role="alert" className="tray border-warning/60 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 text-warning" /> {message.title}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {message.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </div>
  );
}

/** A phone or tablet: uploading is a computer's job, said plainly, with nothing to try here. */
function NeedsAComputer() {
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="upload-needs-computer">
      <p className="flex items-center gap-2 font-semibold">
        <Laptop aria-hidden="true" className="size-5 shrink-0 text-accent" /> Uploading to a board needs a computer.
      </p>
      <p className="text-muted">
        Phones and tablets cannot send a program to a board over USB. Open this page on a computer (Chrome or Edge, or a
        Chromebook), plug in your board and upload from there.
      </p>
    </div>
  );
}
