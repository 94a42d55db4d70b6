import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { NOT_FOUND, pageMeta } from '#web/lib/site.ts';

export const meta = () => pageMeta(NOT_FOUND.title, NOT_FOUND.description);

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="bg-blueprint grid min-h-[calc(100dvh-4rem)] place-items-center px-4 py-16">
      <div className="text-center">
        <p className="font-display text-8xl font-bold text-accent sm:text-9xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 font-display text-3xl font-bold sm:text-4xl">
          <span className="sr-only">404 — </span>Oops! Page Not Found
        </h1>
        <p className="mx-auto mt-3 max-w-md text-muted">
          This wire leads nowhere. The page may have moved, or the address has a typo.
        </p>
        <Link to={ROUTES.home} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
