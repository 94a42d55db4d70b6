import { type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { WEB_MANIFEST_PATH } from '#shared/offline.ts';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { SiteFooter } from '#web/features/navigation/site-footer.tsx';
import { SiteHeader } from '#web/features/navigation/site-header.tsx';
import { SoundEffects } from '#web/features/sound/sound-effects.tsx';
import { SoundToggle } from '#web/features/sound/sound-toggle.tsx';
import { ThemeToggle } from '#web/features/theme/theme-toggle.tsx';
import { replayHeldInput } from '#web/lib/held-input.ts';
import { leftToTheNextPage } from '#web/lib/interrupted-load.ts';
import { NOT_FOUND, pageTitle } from '#web/lib/site.ts';
import { AccountControls } from './account-controls.tsx';
import { BOOT_SCRIPT } from './boot-script.ts';
import { ToasterHost } from './toaster-host.tsx';
import { WelcomeSlot } from './welcome-slot.tsx';
import './app.css';

/**
 * No font preload here: the build (scripts/postbuild.ts) puts each page's own subset of the
 * display face inside the page, so the first paint has it without a request, and a preload
 * rendered by React would fetch the whole face again when the app hydrates.
 *
 * The favicon and the web app manifest are linked after first paint (decision 012). A page the build
 * prerenders keeps their URL in `data-href` (the icon shows `placeholder`, an empty image, so the
 * browser does not ask for /favicon.ico meanwhile); its after-paint script copies it into `href`
 * before the app starts. In the browser React renders the links as that script left them, so
 * hydration adopts them instead of adding a second pair. The dev server links them at once.
 */
function linkedAfterPaint(href: string, placeholder?: string) {
  const prerendering = import.meta.env.PROD && typeof document === 'undefined';
  return prerendering ? { href: placeholder, 'data-href': href } : { href };
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // `dark` is the default theme; the boot script below removes it before paint if the visitor chose light.
    <html lang="en" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#070b16" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by its CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        <Meta />
        <link rel="icon" type="image/svg+xml" {...linkedAfterPaint('/favicon.svg', 'data:,')} />
        {/* The installable app (product D15). */}
        <link rel="manifest" {...linkedAfterPaint(WEB_MANIFEST_PATH)} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * `welcome`: the home page's greeting slot above the page. The caller decides, never the shell: the
 * 404 shell is prerendered at `/` and hydrated at any address, so a shell that read the location
 * itself would put the slot in that HTML and leave it out of the first render (React's hydration
 * error #418 on every unknown address).
 */
function Shell({ children, welcome = false }: { children: ReactNode; welcome?: boolean }) {
  useEffect(() => {
    // What was tapped or sent before the app started (every component has mounted by now).
    replayHeldInput();
    // Marks the page interactive: end-to-end tests wait for it before pressing buttons that need JavaScript.
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  // The offline app's service worker, once the page has loaded (product D15); its code is a chunk of its own.
  useEffect(() => {
    import('#web/lib/offline/register-after-load.ts').then(
      (module) => module.registerServiceWorkerAfterLoad(),
      leftToTheNextPage,
    );
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-cta px-4 py-2 font-semibold text-cta-text focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <SiteHeader
        tools={
          <>
            <ThemeToggle />
            <SoundToggle />
          </>
        }
        actions={<AccountControls />}
      />
      {/* At least a screen tall, so the footer never starts in view and jumps when content arrives. */}
      <main id="main" tabIndex={-1} className="min-h-dvh pt-16 outline-none">
        {welcome ? <WelcomeSlot /> : null}
        {children}
      </main>
      <SiteFooter />
      <SoundEffects />
      <ToasterHost />
    </>
  );
}

export default function App() {
  const { pathname } = useLocation();
  return (
    <Shell welcome={pathname === ROUTES.home}>
      <Outlet />
    </Shell>
  );
}

/**
 * What the 404 shell (`__spa-fallback.html`) shows until the app has loaded, titled as the 404 page
 * (React puts the `<title>` in <head>), so a screen reader never announces an untitled page.
 */
export function HydrateFallback() {
  return (
    <Shell>
      <title>{pageTitle(NOT_FOUND.title)}</title>
      <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6" aria-busy="true">
        <div className="h-10 w-64 animate-pulse rounded-lg bg-surface-2" />
      </div>
    </Shell>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.';
  return (
    <div className="mx-auto max-w-xl px-4 py-32 text-center">
      <h1 className="font-display text-3xl font-bold">{message}</h1>
      <p className="mt-3 text-muted">Please reload the page. If it keeps happening, come back a little later.</p>
      <a href="/" className={buttonVariants({ className: 'mt-8' })}>
        Return to Home
      </a>
    </div>
  );
}
