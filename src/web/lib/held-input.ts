/*
 * The app's half of the first touch (docs/first-touch.md). The boot script (app/boot-script.ts)
 * holds the clicks and form submissions made before the app started in `window.__held`; once the
 * page has hydrated, the app replays them in order, as if they happened now.
 */

/** Set on <html> by entry.client.tsx right before React attaches: from then on, React answers. */
export const APP_STARTED_ATTRIBUTE = 'data-app';
/** The global the boot script keeps held elements in (a button clicked, or the submitter of a form). */
export const HELD_INPUT_GLOBAL = '__held';
/**
 * A part of the page that hydrates after the rest, when its chunk has come (a tutorial's steps,
 * decision 023). React drops a click on such a part until then, so the boot script goes on holding
 * clicks there until the part is marked `HYDRATED_LATER_ATTRIBUTE` (replayHeldInputWithin).
 */
export const HYDRATES_LATER_ATTRIBUTE = 'data-later';
export const HYDRATED_LATER_ATTRIBUTE = 'data-later-done';

declare global {
  interface Window {
    [HELD_INPUT_GLOBAL]?: Element[];
  }
}

export function markAppStarted(): void {
  document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, '');
}

/**
 * A tap as the browser reports it: pointer and mouse down and up, then click. Some widgets act on
 * the press (Radix tabs switch on mousedown), so a bare `click()` would not be the same tap.
 */
function tap(element: HTMLElement) {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true };
  element.dispatchEvent(new PointerEvent('pointerdown', init));
  element.dispatchEvent(new MouseEvent('mousedown', init));
  element.focus();
  element.dispatchEvent(new PointerEvent('pointerup', init));
  element.dispatchEvent(new MouseEvent('mouseup', init));
  element.click();
}

let pageHydrated = false;

/** Whether the page has hydrated: a component mounting before then is being hydrated. */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

function send(element: Element) {
  element.removeAttribute('aria-busy');
  if (element instanceof HTMLFormElement) element.requestSubmit();
  else if (element instanceof HTMLButtonElement && element.type === 'submit') element.form?.requestSubmit(element);
  else if (element instanceof HTMLElement) tap(element);
}

/** The performance mark each replay of held input sets: what moves right after it is the visitor's doing. */
export const HELD_INPUT_REPLAYED_MARK = 'held-input-replayed';

/** Sends, in order, what was held in the part of the page `within` picks; leaves the rest held. */
function replay(within: (element: Element) => boolean) {
  // The same array, emptied in place: the boot script keeps holding into it.
  const held = window[HELD_INPUT_GLOBAL] ?? [];
  const due = held.filter(within);
  for (const element of due) held.splice(held.indexOf(element), 1);
  const now = due.filter((element) => element.isConnected);
  if (now.length > 0) performance.mark(HELD_INPUT_REPLAYED_MARK);
  for (const element of now) send(element);
}

/**
 * Sends what the visitor did before the app started; call once, after the page has hydrated. What
 * was held in a part that hydrates later waits for that part (replayHeldInputWithin).
 */
export function replayHeldInput(): void {
  pageHydrated = true;
  replay((element) => !element.closest(`[${HYDRATES_LATER_ATTRIBUTE}]:not([${HYDRATED_LATER_ATTRIBUTE}])`));
}

/** Marks a part that hydrates later as hydrated, then sends what was held in it. */
export function replayHeldInputWithin(part: Element): void {
  part.setAttribute(HYDRATED_LATER_ATTRIBUTE, '');
  replay((element) => part.contains(element));
}

/**
 * What was typed into the prerendered form named `formName` before the app started, for
 * `useForm`'s `defaultValues` (react-hook-form writes its defaults into the fields as they register,
 * which would wipe what was typed). `defaults` where there is no such form: on the server, and on
 * every page the app renders itself.
 */
export function typedBeforeStart<Name extends string>(
  formName: string,
  defaults: Record<Name, string>,
): Record<Name, string> {
  const form = typeof document === 'undefined' ? null : document.forms.namedItem(formName);
  if (!form) return defaults;
  const typed = { ...defaults };
  for (const name in defaults) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) typed[name] = field.value;
  }
  return typed;
}
