import { ArrowLeft, DoorClosed, Eye, LogIn, RefreshCw, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import type { ClassCommunity, ClassCommunityMember } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { authPathReturningTo } from '#web/lib/auth/auth-redirect.ts';
import { useSession } from '#web/lib/auth/session.ts';
import { useClassCommunity } from '../api/classes.ts';
import { formatDay } from '../lib/wording.ts';

/** As many placeholder tiles as a small class shows at first: the grid keeps its place while it loads. */
const PLACEHOLDER_TILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A hue per name for the initial's tile, the same on every visit (as on /people). */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function MemberTile({ member }: { member: ClassCommunityMember }) {
  const hue = hueOf(member.name);
  // The first character as people see it: an emoji is one, not half of a surrogate pair.
  const initial = ([...member.name][0] ?? '?').toUpperCase();
  const teacher = member.role === 'teacher';
  return (
    <li
      className={`tray flex min-w-0 items-center gap-3.5 p-4 ${member.you ? 'border-accent shadow-[0_0_0_1px_var(--accent)]' : ''}`}
      data-testid="class-member"
    >
      <span
        aria-hidden="true"
        className="grid size-12 shrink-0 place-items-center rounded-xl font-display text-xl font-bold text-white"
        style={{
          background: teacher
            ? 'linear-gradient(135deg, #c2410c, #9a3412)'
            : `linear-gradient(135deg, hsl(${hue} 65% 30%), hsl(${(hue + 40) % 360} 65% 24%))`,
        }}
      >
        {initial}
      </span>
      <div className="min-w-0">
        {/* A 40-letter name without a space wraps inside the tile rather than widen it. */}
        <h2 className="font-display text-lg leading-snug font-semibold [overflow-wrap:anywhere]">{member.name}</h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          {teacher ? (
            <span className="label-mono rounded-full bg-cta/15 px-2 py-0.5 font-semibold text-text ring-1 ring-cta/50">
              Teacher
            </span>
          ) : null}
          {member.you ? (
            <span className="label-mono rounded-full bg-accent-soft px-2 py-0.5 text-text">You</span>
          ) : null}
          <span className="label-mono text-muted">
            Joined <time dateTime={member.joined_at}>{formatDay(member.joined_at)}</time>
          </span>
        </p>
      </div>
    </li>
  );
}

/** For the class's teachers: whether their learners see this page, and the way back to the switch. */
function TeacherNote({ classId, page }: { classId: string; page: ClassCommunity }) {
  const open = page.community;
  return (
    <div
      className={`mt-6 flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between ${open ? 'border-border bg-surface-2/60' : 'border-cta/60 bg-cta/10'}`}
      data-testid="community-preview"
    >
      <p className="flex items-start gap-2.5 text-sm">
        <Eye className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          {page.archived
            ? 'Preview: the class is archived, so its learners cannot see this page. Bring the class back to open it again.'
            : open
              ? 'Your learners see this page from their dashboard. Switch it off in the class’s Settings.'
              : 'Preview: your learners cannot see this page yet. Switch on “Class community page” in the class’s Settings.'}
        </span>
      </p>
      <Link
        to={`/classes/${encodeURIComponent(classId)}`}
        className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the class page
      </Link>
    </div>
  );
}

function Loading() {
  return (
    <ul className={GRID} aria-busy="true" aria-label="Loading your class">
      {PLACEHOLDER_TILES.map((key) => (
        <li key={key} className="tray flex items-center gap-3.5 p-4">
          <div className="size-12 shrink-0 animate-pulse rounded-xl bg-surface-2" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="h-5 w-28 animate-pulse rounded bg-surface-2" />
            <div className="h-4 w-36 animate-pulse rounded bg-surface-2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Refused: not open yet, ended, or not the caller's class. Said plainly, with the way on. */
function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const code = error instanceof ApiRequestError ? error.code : null;
  const [title, text] =
    code === 'class_community_off'
      ? [
          'Your class’s page is not open yet',
          'Your teacher has not switched it on. When they do, you will see your classmates and teachers here.',
        ]
      : code === 'class_archived'
        ? ['This class has ended', 'Its page is closed. Ask your teacher if you think this is a mistake.']
        : code === 'class_not_found'
          ? ['No class of yours is here', 'It may have been deleted, or it is not your class.']
          : ['We could not load your class.', reasonOf(error)];
  const known = code === 'class_community_off' || code === 'class_archived' || code === 'class_not_found';
  return (
    <div
      role={known ? 'status' : 'alert'}
      className="tray bg-blueprint flex flex-col items-center gap-3 px-6 py-14 text-center"
      data-testid="community-refused"
    >
      <DoorClosed className="size-10 text-accent" aria-hidden="true" />
      <p className="font-display text-xl font-semibold">{title}</p>
      <p className="max-w-md text-muted">{text}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {code === 'class_community_off' || !known ? (
          <Button variant="secondary" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            {known ? 'Check again' : 'Try again'}
          </Button>
        ) : null}
        <Link
          to={ROUTES.dashboard}
          className="inline-flex h-11 items-center rounded-xl px-4 font-semibold text-accent hover:underline"
        >
          Back to your workbench
        </Link>
      </div>
    </div>
  );
}

/**
 * Signed out, or the session ended here: the page says how to sign in rather than sending a pupil to
 * the e-mail log-in, which is no door of theirs (they sign in on their class's page, `/c/<code>`).
 */
function SignedOut() {
  const location = useLocation();
  return (
    <div
      className="tray bg-blueprint flex flex-col items-center gap-3 px-6 py-14 text-center"
      data-testid="community-signed-out"
    >
      <LogIn className="size-10 text-accent" aria-hidden="true" />
      <h1 id="community-heading" className="font-display text-2xl font-semibold">
        Sign in to see your class
      </h1>
      <p className="max-w-md text-muted">
        Pupils: open the address on your sign-in card, tap your name and type your secret words. Teachers: log in with
        your e-mail.
      </p>
      <Link
        to={authPathReturningTo(location)}
        className="mt-2 inline-flex h-11 items-center rounded-xl px-4 font-semibold text-accent hover:underline"
      >
        Teachers: log in
      </Link>
    </div>
  );
}

/**
 * `/classes/:id/community` (product §2, D18): the class's own community page. Its learners see who is
 * in their class — shown names, their teachers, when each joined — and nothing else (no usernames,
 * progress or help); its teachers see the same, as a preview while it is off.
 */
export function ClassCommunityPage({ classId }: { classId: string }) {
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  if (status === 'signed-out') {
    return (
      <section aria-labelledby="community-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <SignedOut />
      </section>
    );
  }
  return <Community classId={classId} />;
}

function Community({ classId }: { classId: string }) {
  const community = useClassCommunity(classId);
  const page = community.data;
  const teachers = page?.members.filter((member) => member.role === 'teacher').length ?? 0;
  const learners = (page?.members.length ?? 0) - teachers;
  const teaching = page?.members.some((member) => member.you && member.role === 'teacher') || page?.community === false;
  return (
    <section aria-labelledby="community-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="label-mono text-accent">Your class</p>
      <h1 id="community-heading" className="mt-2 font-display text-4xl font-bold [overflow-wrap:anywhere] sm:text-5xl">
        {page ? (
          // A no-break space: the dash never starts a line.
          `${page.name}\u00a0— your class`
        ) : community.isError ? (
          'Your class'
        ) : (
          <>
            <span className="sr-only">Loading your class…</span>
            <span
              aria-hidden="true"
              className="inline-block h-[1em] w-2/3 max-w-md animate-pulse rounded-lg bg-surface-2 align-middle"
            />
          </>
        )}
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">
        Everyone building with you: your classmates and your teachers. Only your class and its teachers can see this
        page.
      </p>
      {community.isError ? null : (
        <p className="mt-3 flex h-7 items-center gap-2 text-muted">
          <Users className="size-5 text-accent" aria-hidden="true" />
          {page ? (
            <span data-testid="community-count">
              <strong className="font-mono text-text">{count(learners, 'learner', 'learners')}</strong>
              {' · '}
              <strong className="font-mono text-text">{count(teachers, 'teacher', 'teachers')}</strong>
            </span>
          ) : (
            <>
              <span className="inline-block h-5 w-40 animate-pulse rounded bg-surface-2" aria-hidden="true" />
              <span className="sr-only">Counting…</span>
            </>
          )}
        </p>
      )}
      {page && teaching ? <TeacherNote classId={classId} page={page} /> : null}

      <div className="mt-10">
        {community.isPending ? (
          <Loading />
        ) : community.isError ? (
          <Refused error={community.error} onRetry={() => void community.refetch()} />
        ) : (
          <>
            <ul className={GRID} aria-label={`Members of ${community.data.name}`}>
              {community.data.members.map((member, index) => (
                // Names may repeat ("Teacher"); the order is the server's and stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: members carry no id on purpose (product D18).
                <MemberTile key={`${member.role}-${index}-${member.name}`} member={member} />
              ))}
            </ul>
            {learners === 0 ? (
              <div className="tray bg-blueprint mt-6 flex flex-col items-center gap-2 px-6 py-12 text-center">
                <p className="font-display text-xl font-semibold">No learners in this class yet.</p>
                <p className="text-muted">
                  {teaching
                    ? 'Add them on the class page’s Learners tab: they show up here.'
                    : 'When your teacher adds your classmates, they show up here.'}
                </p>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
