import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import { classCommunityPath } from '#shared/routes.ts';
import { useLearnerClass } from '../api/learner-help.ts';

/**
 * The learner's dashboard card (product §2 Learners on the site): their account is their class's,
 * and, once their teacher has opened it, the way to their class's own page (product D18).
 */
export function LearnerClassCard({ userId, username }: { userId: string; username: string | undefined }) {
  const place = useLearnerClass(userId);
  return (
    <section className="tray flex flex-col p-6" aria-labelledby="learner-heading">
      <h2 id="learner-heading" className="font-display text-xl font-semibold">
        You are in a class
      </h2>
      <p className="mt-2 text-muted">
        You signed in as <span className="font-semibold text-text">{username ?? '…'}</span>. Your teacher keeps your
        account: ask them for new secret words, or to download or delete your data. Nobody outside your class sees your
        name or your progress.
      </p>
      {/* Its place is held while the class loads, so nothing below moves when it arrives. */}
      <div className="mt-5 flex min-h-11 items-center">
        {place.data?.community ? (
          <Link
            to={classCommunityPath(place.data.class_id)}
            aria-label={`Your class: ${place.data.class_name}`}
            className="inline-flex h-11 items-center gap-2 rounded-xl border border-accent/60 bg-accent-soft/40 px-5 font-semibold text-text transition-colors hover:border-accent hover:bg-accent-soft"
          >
            <Users className="size-4" aria-hidden="true" />
            Your class
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : place.data ? (
          <p className="text-sm text-muted">
            Your class, <span className="font-semibold text-text">{place.data.class_name}</span>, gets a page of its own
            here when your teacher opens it.
          </p>
        ) : null}
      </div>
    </section>
  );
}
