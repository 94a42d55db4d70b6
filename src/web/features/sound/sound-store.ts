import { useSyncExternalStore } from 'react';
import type { AudioContextLike, createSoundEngine, SoundEffect, SoundEngine } from './sound-engine.ts';

/*
 * The always-loaded half of sound (product D5): the visitor's on/off choice, the one audio context
 * and when it may run. It creates the context inside the first click, key press or touch (the
 * browsers' autoplay rule) and only then loads the synthesiser (sound-engine.ts) with import().
 * Before that gesture it does nothing at all.
 */

export type { SoundEffect };
/** localStorage key of the sound choice: 'on' or 'off'; missing means on. */
export const SOUND_STORAGE_KEY = 'sound';
/** What <html data-audio> reports, read-only, for end-to-end tests. */
type AudioStatus = 'none' | 'running' | 'suspended';
/** Events that count as a user gesture; the later ones let a blocked context start (Safari on touch). */
const GESTURE_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'pointerup', 'touchend'] as const;

type Listener = (event: Event) => void;

interface SoundEventTarget {
  addEventListener(type: string, listener: Listener, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: Listener, options?: EventListenerOptions): void;
}

interface SoundDocument extends SoundEventTarget {
  readonly visibilityState: DocumentVisibilityState;
  readonly documentElement: { readonly dataset: DOMStringMap };
}

interface SoundControllerOptions {
  storage(): Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Returns null where the Web Audio API is missing; then the site simply stays silent. */
  createContext(): AudioContextLike | null;
  loadEngine(): Promise<{ createSoundEngine: typeof createSoundEngine }>;
}

interface SoundController {
  play(effect: SoundEffect): void;
  /** The simulator's buzzer is on or off; it sounds only while sound is on and the tab visible. */
  setBuzzer(on: boolean): void;
  isEnabled(): boolean;
  setEnabled(enabled: boolean): void;
  subscribe(listener: () => void): () => void;
  /** Starts listening for the first gesture, tab visibility and other tabs' choice; returns the undo. */
  install(doc: SoundDocument, win: SoundEventTarget): () => void;
}

const ignore = () => undefined;

export function createSoundController(options: SoundControllerOptions): SoundController {
  const listeners = new Set<() => void>();
  const statusElements = new Set<{ readonly dataset: DOMStringMap }>();
  let enabled: boolean | undefined;
  let hidden = false;
  let activated = false;
  let unsupported = false;
  let context: AudioContextLike | null = null;
  let engine: SoundEngine | null = null;
  let buzzerOn = false;

  function isEnabled(): boolean {
    if (enabled === undefined) {
      try {
        enabled = options.storage()?.getItem(SOUND_STORAGE_KEY) !== 'off';
      } catch {
        enabled = true; // storage blocked: the default applies
      }
    }
    return enabled;
  }

  function reportStatus() {
    const status: AudioStatus = !context ? 'none' : context.state === 'running' ? 'running' : 'suspended';
    for (const element of statusElements) element.dataset.audio = status;
  }

  // The single policy: run while on and visible; off also stops the music, hidden only pauses it.
  function sync() {
    if (!context) return;
    syncBuzzer();
    if (isEnabled() && !hidden) {
      void context.resume().catch(ignore);
      engine?.startMusic();
      return;
    }
    if (!isEnabled()) engine?.stopMusic();
    void context.suspend().catch(ignore);
  }

  // Muted or hidden, the buzzer's gate closes too, so it cannot sound on for a moment when they end.
  function syncBuzzer() {
    engine?.setBuzzer(buzzerOn && isEnabled() && !hidden);
  }

  function createContext() {
    if (context || unsupported || !activated || !isEnabled()) return;
    const created = options.createContext();
    if (!created) {
      unsupported = true;
      return;
    }
    context = created;
    created.onstatechange = reportStatus;
    reportStatus();
    options.loadEngine().then(
      (module) => {
        if (context !== created) return;
        engine = module.createSoundEngine(created);
        sync();
      },
      () => {
        // The chunk did not load (offline, new deploy): stay silent and try again on the next gesture.
        if (context !== created) return;
        context = null;
        void created.close().catch(ignore);
        reportStatus();
      },
    );
  }

  function onGesture() {
    activated = true;
    if (!context) createContext();
    else if (isEnabled() && !hidden && context.state !== 'running') void context.resume().catch(ignore);
  }

  function apply(next: boolean) {
    if (next === isEnabled()) return;
    enabled = next;
    for (const listener of listeners) listener();
    // Turning sound on is itself a click: the context may be created now.
    if (!context) createContext();
    else sync();
  }

  return {
    play(effect) {
      if (isEnabled() && !hidden) engine?.play(effect);
    },
    setBuzzer(on) {
      if (on === buzzerOn) return;
      buzzerOn = on;
      syncBuzzer();
    },
    isEnabled,
    setEnabled(next) {
      try {
        options.storage()?.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // Storage can be unavailable (private mode, quota); the choice still holds for this page.
      }
      apply(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    install(doc, win) {
      const status = doc.documentElement;
      statusElements.add(status);
      reportStatus();
      const onVisibility = () => {
        hidden = doc.visibilityState === 'hidden';
        sync();
      };
      // Another tab changed the choice: follow it.
      const onStorage = (event: Event) => {
        if (!('key' in event) || event.key !== SOUND_STORAGE_KEY) return;
        apply(!('newValue' in event) || event.newValue !== 'off');
      };
      const gesture = { capture: true, passive: true };
      for (const type of GESTURE_EVENTS) doc.addEventListener(type, onGesture, gesture);
      doc.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('storage', onStorage);
      hidden = doc.visibilityState === 'hidden';
      return () => {
        statusElements.delete(status);
        for (const type of GESTURE_EVENTS) doc.removeEventListener(type, onGesture, gesture);
        doc.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('storage', onStorage);
      };
    },
  };
}

const controller = createSoundController({
  storage: () => (typeof localStorage === 'undefined' ? null : localStorage),
  createContext: () => (typeof AudioContext === 'function' ? new AudioContext() : null),
  loadEngine: () => import('./sound-engine.ts'),
});

export const { play, isEnabled, setEnabled, setBuzzer, install: installSound } = controller;

export function useSoundEnabled(): boolean {
  // Sound is on unless the visitor turned it off, which only the browser knows.
  return useSyncExternalStore(controller.subscribe, controller.isEnabled, () => true);
}
