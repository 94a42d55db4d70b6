import { Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { BIO_PREVIEW_LENGTH } from '#shared/constants.ts';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import { ExpandToggle } from '#web/components/ui/expand-toggle.tsx';

const joinedFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A hue per member, stable across visits, for the avatar tile. */
function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

export function MemberCard({ profile }: { profile: PublicProfile }) {
  const [expanded, setExpanded] = useState(false);
  const bioId = useId();
  const name = profile.username?.trim() || 'Anonymous Builder';
  const bio = profile.bio?.trim() ?? '';
  const isLong = bio.length > BIO_PREVIEW_LENGTH;
  const shownBio = isLong && !expanded ? `${bio.slice(0, BIO_PREVIEW_LENGTH)}…` : bio;
  const hue = hueOf(profile.id);
  // The first character as people see it: an emoji is one, not half of a surrogate pair.
  const initial = ([...name][0] ?? '').toUpperCase();

  return (
    <li className="tray tray-interactive flex min-w-0 flex-col gap-4 p-5">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-xl font-display text-xl font-bold text-white"
          style={{ background: `linear-gradient(135deg, hsl(${hue} 65% 30%), hsl(${(hue + 40) % 360} 65% 24%))` }}
        >
          {initial}
        </span>
        {/* Long names and addresses wrap, whole, rather than widen the card (issue 23). */}
        <div className="min-w-0">
          <h2 className="font-display text-lg leading-snug font-semibold [overflow-wrap:anywhere]">{name}</h2>
          {profile.email ? <p className="text-sm [overflow-wrap:anywhere] text-muted">{profile.email}</p> : null}
        </div>
      </div>
      {bio ? (
        <div>
          <p id={bioId} className="text-[0.95rem] leading-relaxed [overflow-wrap:anywhere] text-text/90">
            {shownBio}
          </p>
          {isLong ? (
            <ExpandToggle
              look="link"
              className="mt-2"
              expanded={expanded}
              onExpandedChange={setExpanded}
              controls={bioId}
              moreLabel="Read More"
            />
          ) : null}
        </div>
      ) : (
        <p className="flex items-start gap-2 text-sm text-muted">
          <Wrench className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          Busy building: no bio written yet.
        </p>
      )}
      <p className="label-mono mt-auto text-muted">
        Joined <time dateTime={profile.created_at}>{joinedFormat.format(new Date(profile.created_at))}</time>
      </p>
    </li>
  );
}
