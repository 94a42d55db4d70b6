import { Download } from 'lucide-react';
import { useState } from 'react';
import { avrdudeCommand } from '#shared/content/boards.ts';
import type { Board } from '#shared/content/projects.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { saveBlob } from '#web/lib/download.ts';
import { tutorialSketchKey } from '#web/lib/sketch-store.ts';
import { useLearnerDraft } from '../hooks/use-learner-draft.ts';
import { ProgramChoice, type ProgramVersion } from './program-choice.tsx';

/** The tutorial's file as the site serves it (kept by the offline app too). */
async function tutorialFile(path: string): Promise<string> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/**
 * Where the page cannot upload: why, and the files to upload with the Arduino IDE or avrdude. A
 * learner who changed the tutorial's code chooses, as for the upload, between their version and the
 * tutorial's; each file says which it is (the `.hex` in its name, the `.ino` in its first line too).
 */
export function NoWebSerial({
  slug,
  board,
  title,
  reason,
  own,
  userId,
}: {
  slug: string;
  board: Board;
  title: string;
  reason: 'browser' | 'insecure';
  own: boolean;
  userId: string | null | undefined;
}) {
  const learner = useLearnerDraft(own ? null : userId, tutorialSketchKey(slug), board);
  const [version, setVersion] = useState<ProgramVersion>('mine');
  const [busy, setBusy] = useState(false);
  const choice = learner.draft === null ? null : version;
  const hexFile = choice === null ? `${slug}.hex` : `${slug}-${choice === 'mine' ? 'my-version' : 'tutorial'}.hex`;
  const inoFile = choice === null ? `${slug}.ino` : `${slug}-${choice === 'mine' ? 'my-version' : 'tutorial'}.ino`;

  const why = (
    <>
      <p className="font-semibold">
        {reason === 'browser'
          ? 'This browser cannot talk to a board over USB.'
          : 'Uploading needs a secure page: this site must be opened over https:// (or on localhost).'}
      </p>
      <p className="text-muted">
        {reason === 'browser'
          ? 'Uploading from the page works in Chrome or Edge on a computer, and on a Chromebook (not on phones, Firefox or Safari). '
          : 'Ask whoever runs this site to serve it over HTTPS. '}
        {own
          ? 'You can also copy your sketch from the editor into the Arduino IDE and upload it from there.'
          : 'You can still upload with the Arduino IDE, or with avrdude and the compiled program:'}
      </p>
    </>
  );
  // A sketch of one's own has no built file to download: the editor holds it.
  if (own) return <div className="flex flex-col gap-2 text-sm">{why}</div>;

  /** Makes the chosen file in the page and offers it to save. */
  const download = async (kind: 'hex' | 'ino') => {
    setBusy(true);
    try {
      let text: string | null;
      if (kind === 'hex') {
        text = choice === 'mine' ? await learner.program() : await tutorialFile(`/sketches/${slug}.hex`);
      } else if (choice === 'mine') {
        const source = await learner.source();
        const changed = new Date(learner.draft?.updatedAt ?? Date.now()).toLocaleString();
        text =
          source === null
            ? null
            : `// My version of the ${title} sketch (changed ${changed}), not the tutorial's.\n${source}`;
      } else {
        text = `// The tutorial's ${title} sketch, without my changes.\n${await tutorialFile(`/sketches/${slug}.ino`)}`;
      }
      if (text !== null) saveBlob(new Blob([text], { type: 'text/plain' }), kind === 'hex' ? hexFile : inoFile);
    } catch {
      learner.setProblem('The file could not be made here. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 text-sm">
      {why}
      {learner.draft ? <ProgramChoice draft={learner.draft} version={version} onChange={setVersion} /> : null}
      {learner.problem ? (
        <p role="alert" className="font-semibold">
          {learner.problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {choice === null ? (
          <>
            <a
              href={`/sketches/${hexFile}`}
              download={hexFile}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" /> Download .hex
            </a>
            <a
              href={`/sketches/${inoFile}`}
              download={inoFile}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden="true" /> Download .ino for the Arduino IDE
            </a>
          </>
        ) : (
          <>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download('hex')}>
              <Download aria-hidden="true" /> Download .hex
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download('ino')}>
              <Download aria-hidden="true" /> Download .ino for the Arduino IDE
            </Button>
          </>
        )}
      </div>
      <pre className="overflow-x-auto rounded-lg bg-surface-2 p-3 font-mono text-xs" translate="no">
        {avrdudeCommand(board, hexFile)}
      </pre>
    </div>
  );
}
