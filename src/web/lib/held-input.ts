/*
 * The app's half of the first touch (docs/first-touch.md). The boot script (app/boot-script.ts)
 * holds the clicks and form submissions made before the app started in `window.__held`; once the
 * page has hydrated, the app replays them in order, as if they happened now.
 */

/** Set on <html> by entry.client.tsx right before React attaches: from then on, React answers. */
export const APP_STARTED_ATTRIBUTE = 'data-app';
/** The global the boot script keeps held elements in (a button clicked, or the submitter of a form). */
export const HELD_INPUT_GLOBAL = '__held';

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

/** Sends what the visitor did before the app started; call once, after the page has hydrated. */
export function replayHeldInput(): void {
  const held = window[HELD_INPUT_GLOBAL]?.splice(0) ?? [];
  for (const element of held) {
    if (!element.isConnected) continue;
    element.removeAttribute('aria-busy');
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLButtonElement && element.type === 'submit') element.form?.requestSubmit(element);
    else if (element instanceof HTMLElement) tap(element);
  }
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
