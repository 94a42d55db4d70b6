import { Link } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { SITE_NAME } from '#web/lib/site.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-border/70">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          <span className="font-display font-semibold text-text">{SITE_NAME}</span> — learn robotics by building.
        </p>
        <ul className="flex gap-4">
          <li>
            <Link className="inline-flex min-h-8 items-center hover:text-text" to={ROUTES.projects}>
              Projects
            </Link>
          </li>
          <li>
            <Link className="inline-flex min-h-8 items-center hover:text-text" to={ROUTES.people}>
              People
            </Link>
          </li>
          <li>
            <Link className="inline-flex min-h-8 items-center hover:text-text" to={ROUTES.about}>
              About Us
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
