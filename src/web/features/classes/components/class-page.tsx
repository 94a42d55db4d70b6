import { ArrowLeft, Copy, Download, LayoutGrid, Printer, Settings, Users } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { ClassDetail, ClassProgress } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { downloadFromApi } from '#web/lib/download.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { SITE_NAME } from '#web/lib/site.ts';
import { useClassStream } from '../api/class-stream.ts';
import { progressCsvPath, useClass, useClassProgress } from '../api/classes.ts';
import { formatDay, formatTime, spacedCode } from '../lib/wording.ts';
import { ClassSettings } from './class-settings.tsx';
import { HelpQueue } from './help-queue.tsx';
import { PrintSheet } from './print-sheet.tsx';
import { ProgressGrid } from './progress-grid.tsx';
import { Roster, signInAddress } from './roster.tsx';

/** The printable report: the grid on landscape paper, with each learner's last activity. */
function Report({ klass, progress }: { klass: ClassDetail; progress: ClassProgress }) {
  return (
    <div className="report-sheet">
      <h1 style={{ fontSize: '14pt', fontWeight: 700 }}>
        {klass.name}: progress on {formatDay(new Date().toISOString())}
      </h1>
      <p style={{ margin: '1mm 0 3mm' }}>
        {SITE_NAME} · steps done of steps in each tutorial · {klass.learners.length} learners
      </p>
      <table>
        <thead>
          <tr>
            <th>Learner</th>
            {progress.projects.map((project) => (
              <th key={project.id}>{project.title}</th>
            ))}
            <th>Last activity</th>
          </tr>
        </thead>
        <tbody>
          {progress.learners.map((learner) => {
            const last = learner.cells
              .map((cell) => cell.last_activity)
              .filter((time): time is string => time !== null)
              .sort()
              .at(-1);
            return (
              <tr key={learner.id}>
                <td>
                  {learner.display_name} ({learner.username})
                </td>
                {learner.cells.map((cell) => {
                  const total = progress.projects.find((project) => project.id === cell.project_id)?.steps_total;
                  return (
                    <td key={cell.project_id}>
                      {cell.steps_done}/{total}
                    </td>
                  );
                })}
                <td>{last ? formatTime(last) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ProgressTab({ klass, onAddLearners }: { klass: ClassDetail; onAddLearners: () => void }) {
  const progress = useClassProgress(klass.id);
  const [printing, setPrinting] = useState(false);
  const stopPrinting = useCallback(() => setPrinting(false), []);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="grid-heading" className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="grid-heading" className="font-display text-xl font-semibold">
            Progress
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                downloadFromApi(progressCsvPath(klass.id), 'progress.csv').then(
                  (file) => notifySuccess('Download started', file),
                  (error: unknown) => notifyError('Download failed', reasonOf(error)),
                )
              }
            >
              <Download aria-hidden="true" />
              CSV
            </Button>
            <Button size="sm" variant="secondary" disabled={!progress.data} onClick={() => setPrinting(true)}>
              <Printer aria-hidden="true" />
              Print report
            </Button>
          </div>
        </div>
        <div className="mt-3">
          {progress.isPending ? (
            <Spinner label="Loading the grid…" />
          ) : progress.isError ? (
            <p role="alert" className="text-sm text-muted">
              We could not load the grid: {reasonOf(progress.error)}
            </p>
          ) : (
            <ProgressGrid classId={klass.id} progress={progress.data} onAddLearners={onAddLearners} />
          )}
        </div>
      </section>
      {/* Below the grid on a phone: shown once the grid is in, so the grid's arrival does not push the
          queue down under the teacher's eyes (or thumb). Beside it on a wide screen, always shown. */}
      <div className={cn('grid', progress.isPending && 'max-lg:hidden')}>
        <HelpQueue classId={klass.id} />
      </div>
      {printing && progress.data ? (
        <PrintSheet kind="report" onDone={stopPrinting}>
          <Report klass={klass} progress={progress.data} />
        </PrintSheet>
      ) : null}
    </div>
  );
}

function Header({ klass, live }: { klass: ClassDetail; live: boolean }) {
  const address = signInAddress(klass.sign_in_path);
  return (
    <header>
      <Link
        to="/classes"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All classes
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold [overflow-wrap:anywhere] sm:text-4xl">{klass.name}</h1>
          <p className="mt-1 text-sm text-muted">
            {klass.learners.length === 1 ? '1 learner' : `${klass.learners.length} learners`}
            {klass.archived_at ? ` · archived ${formatDay(klass.archived_at)}` : ''}
            <span className="ml-2 inline-flex items-center gap-1.5" data-testid="live-state">
              <span
                className={`inline-block size-2 rounded-full ${live ? 'bg-emerald-500' : 'bg-border'}`}
                aria-hidden="true"
              />
              {live ? 'Live' : 'Connecting…'}
            </span>
          </p>
        </div>
        <div className="tray px-4 py-3">
          <p className="label-mono text-muted">Pupils sign in at</p>
          <p className="font-mono text-lg font-semibold [overflow-wrap:anywhere]" data-testid="sign-in-address">
            {address}
          </p>
          <div className="mt-1 flex items-center gap-3">
            <p className="font-mono text-2xl font-bold tracking-widest">
              <span className="sr-only">Class code </span>
              {spacedCode(klass.join_code)}
            </p>
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                navigator.clipboard.writeText(`${window.location.origin}${klass.sign_in_path}`).then(
                  () => notifySuccess('Copied', 'The class’s sign-in address is on your clipboard.'),
                  () => notifyError('Copy failed', 'Select the address and copy it yourself.'),
                )
              }
            >
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * `/classes/:id` (product §2 Class page): the live grid and help queue, the learners with their
 * sign-in cards, and the class's settings. Another teacher's class is "not found".
 */
export function ClassPage({ classId, ownId }: { classId: string; ownId: string }) {
  const klass = useClass(classId);
  const live = useClassStream(classId);
  const [tab, setTab] = useState('progress');
  // The empty grid's "Add learners" opens the Learners tab with the cursor in its Name field.
  const [addingLearners, setAddingLearners] = useState(false);
  const addLearners = useCallback(() => {
    setAddingLearners(true);
    setTab('learners');
  }, []);
  if (klass.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Loading the class…" />
      </div>
    );
  }
  if (klass.isError) {
    const missing = klass.error instanceof ApiRequestError && klass.error.status === 404;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-32 text-center">
        <p className="font-display text-2xl font-bold">
          {missing ? 'No class of yours is here' : 'We could not load this class.'}
        </p>
        <p className="mt-3 text-muted">
          {missing ? 'It may have been deleted, or it is another teacher’s.' : reasonOf(klass.error)}
        </p>
        <Link to="/classes" className="mt-6 inline-block font-semibold text-accent hover:underline">
          Back to your classes
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Header klass={klass.data} live={live} />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setAddingLearners(false);
          setTab(value);
        }}
        className="mt-8"
      >
        <TabsList aria-label="Class" className="sm:inline-flex">
          <TabsTrigger value="progress">
            <LayoutGrid aria-hidden="true" />
            Progress
          </TabsTrigger>
          <TabsTrigger value="learners">
            <Users aria-hidden="true" />
            Learners
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings aria-hidden="true" />
            Settings
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted while another tab shows: the grid and the help queue stay live, and coming back
            to them draws nothing anew (a redraw moved the help queue under the teacher's pointer). */}
        <TabsContent value="progress" forceMount className="mt-5 data-[state=inactive]:hidden">
          <ProgressTab klass={klass.data} onAddLearners={addLearners} />
        </TabsContent>
        <TabsContent value="learners" className="tray mt-5 p-4 sm:p-6">
          <Roster klass={klass.data} focusName={addingLearners} />
        </TabsContent>
        <TabsContent value="settings" className="tray mt-5 p-4 sm:p-6">
          <ClassSettings klass={klass.data} ownId={ownId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
