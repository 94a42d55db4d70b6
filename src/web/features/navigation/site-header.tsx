import { lazy, type ReactNode, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { MenuIcon, XIcon } from '#web/components/ui/icons.tsx';
import { useSessionHint } from '#web/lib/auth/session-hint.ts';
import { cn } from '#web/lib/cn.ts';
import { SITE_NAME } from '#web/lib/site.ts';

/** The offline sign (product D15), a chunk of its own: the first paint and `/`'s script budget do without it. */
const OfflineIndicator = lazy(() =>
  import('./offline-indicator.tsx').then((module) => ({ default: module.OfflineIndicator })),
);

/** `membersOnly`: shown to a signed-in member only (the playground needs an account). */
const NAV_LINKS: readonly { to: string; label: string; membersOnly?: true }[] = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.projects, label: 'Projects' },
  { to: ROUTES.playground, label: 'Playground', membersOnly: true },
  { to: ROUTES.people, label: 'People' },
  { to: ROUTES.about, label: 'About Us' },
];

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'relative inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors',
    isActive
      ? 'text-text after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full after:bg-accent'
      : 'text-muted hover:text-text',
  );
}

/**
 * The fixed top navigation of every screen (product §2). The app layer composes what goes in it:
 * `tools` (theme and sound controls) sit in the bar from 640 px up and in the mobile menu below,
 * so a 320 px phone still fits the account controls; `actions` (account) are always in the bar.
 * Every control is at least 44 × 44 px, a fingertip's size. Below 640 px the product's name gives
 * its place to a member's controls or the offline sign (site.css, `.brand-word`); the logo stays.
 */
export function SiteHeader({ tools, actions }: { tools: ReactNode; actions: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A member's links are in the prerendered page, shown from first paint where a session is stored
  // (site.css, `.member-only`) and kept once the app knows the member: the bar does not move.
  const member = useSessionHint();
  const itemClass = (link: (typeof NAV_LINKS)[number]) =>
    link.membersOnly ? cn('member-only', member && 'member-only-shown') : undefined;

  // The menu may have been opened before the app started (the boot script answers the button then).
  useLayoutEffect(() => {
    if (document.getElementById(menuId)?.hidden === false) setMenuOpen(true);
  }, [menuId]);

  // A navigation closes the mobile menu.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-bg/85 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={ROUTES.home}
          className="mr-2 flex min-h-11 min-w-11 shrink-0 items-center gap-2.5 rounded-lg"
          aria-label={`${SITE_NAME} home`}
        >
          {/* An image, not inline SVG: ~500 bytes less in every page's first round trip (public/robot-logo.svg). */}
          <img src="/robot-logo.svg" alt="" width="40" height="40" fetchPriority="low" className="h-10 w-10" />
          <span className="brand-word font-display text-lg font-bold tracking-tight max-[359px]:sr-only">
            {SITE_NAME}
          </span>
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to} className={itemClass(link)}>
              <NavLink to={link.to} end={link.to === ROUTES.home} className={navLinkClass} prefetch="intent">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex min-w-0 flex-1 items-center justify-end gap-1.5">
          <Suspense fallback={null}>
            <OfflineIndicator />
          </Suspense>
          <div className="hidden items-center gap-1.5 sm:flex">{tools}</div>
          {actions}
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon-touch"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
            data-menu-toggle
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </Button>
        </div>
      </nav>
      <div id={menuId} hidden={!menuOpen} className="border-t border-border/70 bg-bg md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map((link) => (
            <li key={link.to} className={itemClass(link)}>
              <NavLink
                to={link.to}
                end={link.to === ROUTES.home}
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3 py-3 text-base font-medium',
                    isActive ? 'bg-surface-2 text-text' : 'text-muted hover:bg-surface-2 hover:text-text',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mx-auto flex max-w-6xl items-center gap-2 border-t border-border/70 px-4 py-3 sm:hidden">
          {tools}
        </div>
      </div>
    </header>
  );
}
