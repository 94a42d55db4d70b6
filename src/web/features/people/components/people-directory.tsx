import { CloudOff, RefreshCw, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useOnline } from '#web/lib/offline/connectivity.ts';
import { SITE_NAME } from '#web/lib/site.ts';
import { useLiveProfiles } from '../api/profile-stream.ts';
import { useProfiles } from '../api/profiles.ts';
import { MemberCard } from './member-card.tsx';

const SKELETON_CARDS = ['a', 'b', 'c', 'd', 'e', 'f'];
/** Cards rendered at first and per "Show more": a phone should not lay out a thousand cards at once. */
const PEOPLE_PAGE_SIZE = 24;

export function PeopleDirectory() {
  const profiles = useProfiles();
  const announcement = useLiveProfiles();
  const [shown, setShown] = useState(PEOPLE_PAGE_SIZE);
  const count = profiles.data?.length;
  // Offline the list cannot load (it is not kept for offline, product D15): say so, do not spin.
  const needsConnection = !useOnline() && profiles.data === undefined;

  return (
    <section aria-labelledby="people-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="label-mono text-accent">Builders</p>
      <h1 id="people-heading" className="mt-2 font-display text-4xl font-bold sm:text-5xl">
        {`${SITE_NAME} Community`}
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">
        Students, hobbyists and makers building robots with {SITE_NAME}. New members appear here the moment they join —
        make your profile and say what you are building.
      </p>
      <p className="sr-only" aria-live="polite" data-testid="live-announcement">
        {announcement}
      </p>
      <p className="mt-3 flex h-7 items-center gap-2 text-muted">
        <Users className="size-5 text-accent" aria-hidden="true" />
        {needsConnection ? (
          <span>Total Members: not known offline</span>
        ) : count === undefined ? (
          <>
            <span className="inline-block h-5 w-36 animate-pulse rounded bg-surface-2" aria-hidden="true" />
            <span className="sr-only">Counting members…</span>
          </>
        ) : (
          <span>
            Total Members: <strong className="font-mono text-text">{count}</strong>
          </span>
        )}
      </p>

      <div className="mt-10">
        {needsConnection ? (
          <div role="status" className="tray flex flex-col items-start gap-3 p-6" data-testid="people-offline">
            <p className="flex items-center gap-2 font-semibold">
              <CloudOff className="size-5 text-cta" aria-hidden="true" /> The community list needs a connection.
            </p>
            <p className="text-muted">You are offline. The list loads by itself when you are back online.</p>
          </div>
        ) : profiles.isPending ? (
          <ul
            className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy="true"
            aria-label="Loading members"
          >
            {SKELETON_CARDS.map((key) => (
              <li key={key} className="tray flex h-52 flex-col gap-4 p-5">
                <div className="flex items-center gap-3">
                  <div className="size-12 animate-pulse rounded-xl bg-surface-2" />
                  <div className="h-5 w-32 animate-pulse rounded bg-surface-2" />
                </div>
                <div className="h-4 w-full animate-pulse rounded bg-surface-2" />
                <div className="h-4 w-4/5 animate-pulse rounded bg-surface-2" />
              </li>
            ))}
          </ul>
        ) : profiles.isError ? (
          <div role="alert" className="tray flex flex-col items-start gap-4 p-6">
            <p className="font-semibold">We could not load the community list.</p>
            <p className="text-muted">{profiles.error.message}</p>
            <Button variant="secondary" onClick={() => profiles.refetch()}>
              <RefreshCw aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : profiles.data.length === 0 ? (
          <div className="tray bg-blueprint flex flex-col items-center gap-3 px-6 py-16 text-center">
            <p className="font-display text-xl font-semibold">No members yet. Be the first to join!</p>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {profiles.data.slice(0, shown).map((profile) => (
                <MemberCard key={profile.id} profile={profile} />
              ))}
            </ul>
            {profiles.data.length > shown ? (
              <div className="mt-8 flex justify-center">
                <Button variant="secondary" onClick={() => setShown((value) => value + PEOPLE_PAGE_SIZE)}>
                  Show more members ({profiles.data.length - shown} more)
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
