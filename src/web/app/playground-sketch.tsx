import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { circuitTitle, findCircuit, TRAINER_CIRCUIT } from '#shared/content/circuits.ts';
import { BOARD_NAMES } from '#shared/content/projects.ts';
import { ROUTES } from '#shared/routes.ts';
import { SKETCH_NAME_MAX_LENGTH, sketchNameSchema } from '#shared/schemas/sketches.ts';
import { z } from '#shared/schemas/z.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { circuitDiagramQueryOptions } from '#web/features/playground/api/circuit-diagram.ts';
import { ownSketchesQueryOptions, ownSketchMetaQueryOptions } from '#web/features/playground/api/own-sketches.ts';
import { PinTable } from '#web/features/playground/components/pin-table.tsx';
import UploadPanel from '#web/features/projects/components/upload-panel.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { ownSketchKey } from '#web/lib/sketch-store.ts';
import { CodeAndSimulator } from './code-and-simulator.tsx';

const renameSchema = z.object({ name: sketchNameSchema });

function RenameForm({
  name,
  onRename,
  onCancel,
}: {
  name: string;
  onRename: (name: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<{ name: string }>({ resolver: zodResolver(renameSchema), defaultValues: { name } });
  const { errors } = form.formState;
  // The learner asked to rename: the name is what they edit next.
  useEffect(() => form.setFocus('name', { shouldSelect: true }), [form]);
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={form.handleSubmit((values) => onRename(values.name.trim()))}
    >
      <div className="min-w-0 flex-1 sm:max-w-md">
        <Field label="Name" error={errors.name?.message}>
          {(field) => <Input {...field} {...form.register('name')} maxLength={SKETCH_NAME_MAX_LENGTH + 10} />}
        </Field>
      </div>
      <div className="flex gap-2 pb-0.5">
        <Button type="submit">Save name</Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * `/playground/:id`: one of the learner's own sketches, on the trainer board or a tutorial's circuit,
 * with the editor, the simulator and (for the trainer board) its pins. A rename is saved as typing is.
 */
export default function PlaygroundSketch({ userId, id }: { userId: string; id: string }) {
  const queryClient = useQueryClient();
  const meta = useQuery(ownSketchMetaQueryOptions(userId, id));
  const [renamed, setRenamed] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  /** Turned into code here: the text editor from now on. */
  const [turned, setTurned] = useState(false);
  const turnedIntoCode = useCallback(() => {
    setTurned(true);
    void queryClient.invalidateQueries({ queryKey: ownSketchesQueryOptions(userId).queryKey });
  }, [queryClient, userId]);
  const circuit = meta.data?.circuit;
  const wiringSvg = useQuery(circuitDiagramQueryOptions(circuit)).data;

  const back = (
    <Link to={ROUTES.playground} className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
      <ArrowLeft aria-hidden="true" className="size-4" /> All my sketches
    </Link>
  );

  if (meta.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Opening your sketch…" />
      </div>
    );
  }
  if (meta.isError || meta.data === null) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-12 sm:px-6">
        {back}
        <div role="alert" className="tray p-6">
          <h1 className="font-display text-2xl font-semibold">
            {meta.isError ? 'We could not open this sketch' : 'No such sketch'}
          </h1>
          <p className="mt-2 text-muted">
            {meta.isError
              ? reasonOf(meta.error)
              : 'It is not in your account: it was deleted, or the address belongs to another account.'}
          </p>
          {meta.isError ? (
            <Button variant="secondary" className="mt-4" onClick={() => meta.refetch()}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const { circuit: on } = meta.data;
  const name = renamed ?? meta.data.name;
  const found = findCircuit(on);
  const rename = (next: string) => {
    setRenamed(next);
    setRenaming(false);
    void queryClient.invalidateQueries({ queryKey: ownSketchesQueryOptions(userId).queryKey, exact: true });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
      {back}
      <header className="flex flex-col gap-2">
        <p className="label-mono text-accent">{circuitTitle(on)}</p>
        {renaming ? (
          <RenameForm name={name} onRename={rename} onCancel={() => setRenaming(false)} />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 font-display text-3xl font-bold [overflow-wrap:anywhere] sm:text-4xl">{name}</h1>
            <Button variant="ghost" size="sm" onClick={() => setRenaming(true)}>
              <Pencil aria-hidden="true" /> Rename
            </Button>
          </div>
        )}
      </header>
      {found ? (
        <CodeAndSimulator
          userId={userId}
          sketch={{ kind: 'own', id, name, circuit: on }}
          circuit={on}
          board={found.board}
          fileName={`${name}.ino`}
          wiringSvg={wiringSvg}
          blocks={
            meta.data.madeWith === 'blocks' && !turned
              ? { circuit: found, onTurnedIntoCode: turnedIntoCode }
              : undefined
          }
        />
      ) : (
        <p role="alert">This sketch’s circuit is not one this site knows.</p>
      )}
      {found ? (
        <section aria-labelledby="upload-heading" className="flex flex-col gap-3">
          <h2 id="upload-heading" className="font-display text-2xl font-semibold">
            Upload to your board
          </h2>
          <p className="text-sm text-muted">
            Plug a real {BOARD_NAMES[found.board]}, wired as the diagram shows, into this computer with a USB cable: the
            page compiles your sketch, uploads it and shows what the board prints.
          </p>
          <div className="tray p-4 sm:p-5">
            <UploadPanel slug={on} board={found.board} title={name} userId={userId} ownKey={ownSketchKey(id)} />
          </div>
        </section>
      ) : null}
      {on === TRAINER_CIRCUIT ? (
        <details className="tray p-4 sm:p-5">
          <summary className="cursor-pointer font-semibold">Which part is on which pin</summary>
          <div className="mt-4">
            <PinTable />
          </div>
        </details>
      ) : null}
    </div>
  );
}
