import { THEME_STORAGE_KEY } from '#shared/constants.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';

/**
 * Runs in <head> before first paint (allowed by its CSP hash): applies a light-theme choice and
 * marks <html> when a session is stored, so the Login button keeps its space invisibly until the
 * signed-in controls replace it — no flash, no layout shift.
 */
export const BOOT_SCRIPT = `try{var d=document.documentElement;if(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==='light')d.classList.remove('dark');if(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}))d.setAttribute('data-session','')}catch(e){}`;
