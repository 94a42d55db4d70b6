import { THEME_STORAGE_KEY } from '#shared/constants.ts';
import { SOUND_STORAGE_KEY } from '#web/features/sound/sound-store.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';
import {
  APP_STARTED_ATTRIBUTE,
  HELD_INPUT_GLOBAL,
  HYDRATED_LATER_ATTRIBUTE,
  HYDRATES_LATER_ATTRIBUTE,
} from '#web/lib/held-input.ts';

/**
 * Runs in <head> before first paint (allowed by its CSP hash). Two jobs, both in one script because
 * every byte and every CSP hash counts against a page's first round trip:
 *
 * 1. Applies a light-theme choice, and marks <html> when a session is stored, so the Login button
 *    keeps its space invisibly until the signed-in controls replace it: no flash, no layout shift.
 * 2. The first touch (docs/first-touch.md): until the app has started (entry.client.tsx sets
 *    `data-app` on <html> just before React attaches), nothing a visitor does is lost or leaks.
 *    - The header's theme, sound and menu buttons work at once, on the DOM and localStorage the app
 *      reads when it starts, so it takes over their state (attributes only: React's hydration must
 *      find the markup it rendered).
 *    - A form is never sent natively (a GET would put a password in the URL): the submission is
 *      held, its button marked busy, and the app sends it once it has started.
 *    - Any other button's click is held, the button marked busy, and replayed by the app
 *      (lib/held-input.ts). A button is held once: tapped again while it waits, it is still waiting.
 *      In a part of the page that hydrates later (`data-later`: a tutorial's steps), clicks are held
 *      after the app has started too, until that part is marked hydrated.
 */
const THEME = JSON.stringify(THEME_STORAGE_KEY);
const SOUND = JSON.stringify(SOUND_STORAGE_KEY);

const APPLY_STORED_CHOICES = `try{var d=document.documentElement;if(localStorage.getItem(${THEME})==='light')d.classList.remove('dark');if(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}))d.setAttribute('data-session','')}catch(e){}`;

// `d` is <html>, from the statement before. Labels and pressed states are set on the DOM only (titles wait for the app: each byte counts); the
// app renders the same ones when it takes over (it reads the theme from the class, sound from storage).
const FIRST_TOUCH = `(function(h,A){window.${HELD_INPUT_GLOBAL}=h;function S(k,v){try{localStorage.setItem(k,v)}catch(x){}}function H(b){h.includes(b)||h.push(b);b.ariaBusy=true}addEventListener('click',function(e){var b=(!d.hasAttribute(A)||e.target.closest('[${HYDRATES_LATER_ATTRIBUTE}]:not([${HYDRATED_LATER_ATTRIBUTE}])'))&&e.target.closest('button'),k,o;if(!b||b.form&&b.type=='submit')return;k=b.dataset;if(k.themeToggle!=null){o=d.classList.toggle('dark')?'light':'dark';S(${THEME},o=='light'?'dark':'light');document.querySelectorAll('[data-theme-toggle]').forEach(function(t){t.ariaLabel='Switch to '+o+' theme'})}else if(k.soundToggle!=null){o=b.ariaPressed!='true';S(${SOUND},o?'on':'off');document.querySelectorAll('[data-sound-toggle]').forEach(function(t){t.ariaPressed=o})}else if(k.menuToggle!=null){o=b.ariaExpanded!='true';document.getElementById(b.getAttribute('aria-controls')).hidden=!o;b.ariaExpanded=o;b.ariaLabel=(o?'Close':'Open')+' menu'}else H(b)},true);addEventListener('submit',function(e){if(!d.hasAttribute(A)){e.preventDefault();H(e.submitter||e.target)}},true)})([],'${APP_STARTED_ATTRIBUTE}')`;

export const BOOT_SCRIPT = `${APPLY_STORED_CHOICES}${FIRST_TOUCH}`;
