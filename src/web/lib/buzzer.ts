/*
 * A buzzer on the page: the simulator's active buzzer says when it sounds, and the sound feature
 * (which keeps to the site's mute control) plays it. Neither knows the other.
 */

const listeners = new Set<(sounding: boolean) => void>();
let sounding = false;

/** The buzzer sounds, or stops; say `false` when the board stops or leaves the page. */
export function setBuzzerSounding(next: boolean): void {
  if (next === sounding) return;
  sounding = next;
  for (const listener of listeners) listener(next);
}

/** Calls `listener` whenever the buzzer starts or stops (the sound feature); returns the undo. */
export function onBuzzer(listener: (sounding: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
