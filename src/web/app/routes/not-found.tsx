import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { NOT_FOUND, pageMeta } from '#web/lib/site.ts';

export const meta = () => pageMeta(NOT_FOUND.title, NOT_FOUND.description);

/**
 * The builds to try, with the catalog they come from: a chunk of its own, so that /admin (which
 * shows this page to everyone but administrators) does not carry the catalog.
 */
const ProjectsToTry = lazy(() =>
  import('#web/features/projects/components/projects-to-try.tsx').then((module) => ({
    default: module.ProjectsToTry,
  })),
);

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="bg-blueprint grid min-h-[calc(100dvh-4rem)] place-items-center px-4 py-12">
      <div className="flex w-full max-w-3xl flex-col items-center text-center">
        {/* The mascot, lost too (public/robot-hero.svg, the home page's robot). */}
        <img src="/robot-hero.svg" alt="" width={240} height={320} className="h-40 w-auto -rotate-6 sm:h-48" />
        <p className="mt-2 font-display text-7xl font-bold text-accent sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">
          <span className="sr-only">404 — </span>Oops! Page Not Found
        </h1>
        <p className="mx-auto mt-3 max-w-md text-muted">
          This wire leads nowhere. The page may have moved, or the address has a typo. Try one of these builds instead:
        </p>
        {/* As tall as the list it stands for (one row, or three cards below 640 px). */}
        <Suspense fallback={<div className="mt-8 h-[17rem] sm:h-32" />}>
          <ProjectsToTry headingId="not-found-suggestions" className="mt-8" />
        </Suspense>
        <Link to={ROUTES.home} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
