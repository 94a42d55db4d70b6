import { RequireAuth } from '#web/lib/auth/require-auth.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () =>
  pageMeta('Projects', `Nine robot build tutorials on ${SITE_NAME}, from Beginner to Professional.`);

export default function ProjectsRoute() {
  return (
    <RequireAuth>
      {() => (
        <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <p className="label-mono text-accent">Build library</p>
          <h1 className="mt-2 font-display text-4xl font-bold">Projects</h1>
        </section>
      )}
    </RequireAuth>
  );
}
