import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cn } from '#web/lib/cn.ts';

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Sent (bubbling) from an element about to be brought into view: the tab of "Wiring and code" that
 * holds it, if hidden, shows before the event returns (tutorial-steps.tsx).
 */
export const SHOW_PANEL_EVENT = 'tutorial:show-panel';

/**
 * Brings an element of the tutorial page into view and moves the keyboard focus there (unless
 * `focus` is false). A sketch line (`data-line`) is scrolled to inside the code viewer, which itself
 * is brought into view; an element in a hidden tab shows its tab first.
 */
export function revealOnPage(id: string, { smooth = true, focus = true }: { smooth?: boolean; focus?: boolean } = {}) {
  const target = document.getElementById(id);
  if (!target) return;
  target.dispatchEvent(new Event(SHOW_PANEL_EVENT, { bubbles: true }));
  const behavior = smooth ? scrollBehavior() : 'auto';
  const viewer = target.dataset.line ? target.closest<HTMLElement>('[data-code-viewer]') : null;
  if (viewer) {
    viewer.scrollTo({ top: Math.max(0, target.offsetTop - 24), behavior });
    viewer.scrollIntoView({ block: 'nearest', behavior });
    if (focus) viewer.focus({ preventScroll: true });
    return;
  }
  target.scrollIntoView({ block: 'start', behavior });
  if (focus) target.focus({ preventScroll: true });
}

interface JumpLinkProps {
  /** The URL hash, without `#`: `step-4`, `L12-L20`. */
  hash: string;
  /** The element to bring into view; the element named by the hash by default. */
  targetId?: string;
  className?: string;
  /** The accessible name, when the visible text alone says too little (a bare step number). */
  label?: string;
  children: ReactNode;
}

/**
 * A link within the page: it puts the hash in the URL (so it can be shared, and back returns),
 * brings its target into view and moves the focus there, also when pressed twice.
 */
export function JumpLink({ hash, targetId = hash, className, label, children }: JumpLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      href={`#${hash}`}
      className={cn('jump-link', className)}
      aria-label={label}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate({ hash }, { preventScrollReset: true, replace: location.hash === `#${hash}` });
        revealOnPage(targetId);
      }}
    >
      {children}
    </a>
  );
}
