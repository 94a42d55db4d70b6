import { CloudOff, Pencil, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOnline } from '#web/lib/offline/connectivity.ts';

const ProfileEditor = lazy(() => import('./profile-editor.tsx'));

function Detail({ label, value, empty }: { label: string; value: string | null; empty: string }) {
  return (
    <div>
      <dt className="label-mono text-muted">{label}</dt>
      <dd className={value ? 'mt-1 whitespace-pre-line [overflow-wrap:anywhere]' : 'mt-1 text-muted italic'}>
        {value ?? empty}
      </dd>
    </div>
  );
}

interface ProfileCardProps {
  profile: PublicProfile;
  email: string;
  /** Called after a save, with the saved profile. */
  onSaved?: (profile: PublicProfile) => void;
}

/** The dashboard's profile card (product §2): view mode, and edit mode behind a toggle. */
export function ProfileCard({ profile, email, onSaved }: ProfileCardProps) {
  const [editing, setEditing] = useState(false);
  // Opened from the nudge: the editor starts at the first thing missing.
  const [startAt, setStartAt] = useState<'username' | 'bio' | undefined>(undefined);
  const online = useOnline();
  return (
    <section aria-labelledby="profile-heading" className="tray min-w-0 p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="profile-heading" className="font-display text-2xl font-semibold">
          Your profile
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={editing}
          disabled={!online && !editing}
          onClick={() => {
            setStartAt(undefined);
            setEditing((value) => !value);
          }}
        >
          {editing ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          {editing ? 'Close editor' : 'Edit profile'}
        </Button>
      </div>
      {online ? null : (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted" data-testid="profile-offline">
          <CloudOff className="size-4 shrink-0 text-cta" aria-hidden="true" />
          Editing your profile needs a connection.
        </p>
      )}
      {editing || (profile.username && profile.bio) ? null : (
        <div
          className="mt-4 rounded-xl border border-accent/50 bg-surface-2/60 p-4 text-sm"
          data-testid="profile-nudge"
        >
          <p className="font-semibold">Let the community know who you are</p>
          <p className="mt-1 text-muted">
            Your card on the People page shows {profile.username ? `“${profile.username}”` : '“Anonymous Builder”'}
            {profile.bio ? '.' : ' and no bio.'} Add {profile.username ? 'a short bio' : 'a username and a short bio'}:
            what you like to build, or what you are learning.
          </p>
          <Button
            size="sm"
            className="mt-3"
            disabled={!online}
            onClick={() => {
              setStartAt(profile.username ? 'bio' : 'username');
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Fill in your profile
          </Button>
        </div>
      )}
      <div className="mt-5">
        {editing ? (
          <Suspense fallback={<Spinner label="Opening the editor…" />}>
            <ProfileEditor profile={profile} onDone={() => setEditing(false)} onSaved={onSaved} focus={startAt} />
          </Suspense>
        ) : (
          <dl className="flex flex-col gap-4">
            <Detail label="Email" value={email} empty="" />
            <Detail label="Username" value={profile.username} empty="Not set yet" />
            <Detail label="Bio" value={profile.bio} empty="Tell the community what you like to build." />
            <Detail
              label="Community page"
              value={profile.email ? 'Your e-mail is shown' : 'Your e-mail is hidden'}
              empty=""
            />
          </dl>
        )}
      </div>
    </section>
  );
}
