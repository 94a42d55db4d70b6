import { useSyncExternalStore } from 'react';

/*
 * Whether this browser may hold a session, known without loading the session machinery: the boot
 * script marks <html data-session> when one is stored, and the session module updates the hint as
 * members sign in and out. The navigation loads its signed-in controls only when this is true, so
 * a first visit to the home page downloads no auth code at all.
 */
const SESSION_ATTRIBUTE = 'data-session';
const listeners = new Set<() => void>();
let hint: boolean | null = null;

function read(): boolean {
  hint ??= document.documentElement.hasAttribute(SESSION_ATTRIBUTE);
  return hint;
}

export function setSessionHint(present: boolean): void {
  if (hint === present) return;
  hint = present;
  for (const listener of listeners) listener();
}

/** Called once the real session state is known: the pre-paint marker has done its job. */
export function clearSessionMarker(): void {
  document.documentElement.removeAttribute(SESSION_ATTRIBUTE);
}

export function useSessionHint(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
}
