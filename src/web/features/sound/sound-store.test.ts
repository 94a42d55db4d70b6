import { describe, expect, it, vi } from 'vitest';
import { FakeAudioContext } from '#test/fake-audio-context.ts';
import * as engineModule from './sound-engine.ts';
import { createSoundController, SOUND_STORAGE_KEY } from './sound-store.ts';

function setup(options: { stored?: string; webAudio?: boolean; engine?: 'loads' | 'fails' } = {}) {
  const store = new Map<string, string>();
  if (options.stored) store.set(SOUND_STORAGE_KEY, options.stored);
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  };
  const contexts: FakeAudioContext[] = [];
  const createContext = vi.fn(() => {
    if (options.webAudio === false) return null;
    // Chromium after a gesture: the context starts running.
    const context = new FakeAudioContext();
    contexts.push(context);
    return context;
  });
  const loadEngine = vi.fn(() =>
    options.engine === 'fails' ? Promise.reject(new Error('chunk failed')) : Promise.resolve(engineModule),
  );
  const sound = createSoundController({ storage: () => storage, createContext, loadEngine });
  const dataset: DOMStringMap = {};
  const doc = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    documentElement: { dataset },
  });
  const win = new EventTarget();
  const uninstall = sound.install(doc, win);
  const setVisibility = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const context = () => {
    const [only, ...more] = contexts;
    if (!only || more.length) throw new Error(`expected one audio context, found ${contexts.length}`);
    return only;
  };
  const music = () => context().bufferSources.filter((source) => source.loop);
  return {
    sound,
    store,
    doc,
    win,
    dataset,
    contexts,
    createContext,
    loadEngine,
    uninstall,
    setVisibility,
    context,
    music,
  };
}

/** Lets the engine's dynamic import settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sound store', () => {
  it('creates and loads nothing before the first gesture', async () => {
    const t = setup();
    expect(t.dataset.audio).toBe('none');
    t.sound.play('click');
    t.sound.setEnabled(false);
    t.sound.setEnabled(true);
    t.doc.dispatchEvent(new Event('pointerover'));
    t.doc.dispatchEvent(new Event('mousemove'));
    t.setVisibility('hidden');
    t.setVisibility('visible');
    await settle();
    expect(t.createContext).not.toHaveBeenCalled();
    expect(t.loadEngine).not.toHaveBeenCalled();
    expect(t.dataset.audio).toBe('none');
  });

  for (const gesture of ['pointerdown', 'keydown', 'touchstart']) {
    it(`starts looping music after the first ${gesture}, with one context for good`, async () => {
      const t = setup();
      t.doc.dispatchEvent(new Event(gesture));
      // The context is created inside the gesture itself (the autoplay rule), the engine after.
      expect(t.createContext).toHaveBeenCalledTimes(1);
      expect(t.dataset.audio).toBe('running');
      await settle();
      const [music, ...more] = t.music();
      expect(more).toEqual([]);
      expect(music?.loop).toBe(true);
      expect(music?.startedAt).toBe(0);
      expect(music?.stoppedAt).toBeUndefined();

      for (const again of ['pointerdown', 'keydown', 'touchstart', 'pointerup', 'touchend']) {
        t.doc.dispatchEvent(new Event(again));
      }
      await settle();
      expect(t.createContext).toHaveBeenCalledTimes(1);
      expect(t.loadEngine).toHaveBeenCalledTimes(1);
      expect(t.music()).toHaveLength(1);
    });
  }

  it('plays effects only once the engine is there', async () => {
    const t = setup();
    t.doc.dispatchEvent(new Event('pointerdown'));
    t.sound.play('click'); // the engine is still loading: dropped, not queued
    expect(t.context().oscillators).toEqual([]);
    await settle();
    t.sound.play('click');
    expect(t.context().oscillators.length).toBeGreaterThan(0);
  });

  it('resumes a context the browser kept blocked on a later gesture', async () => {
    const t = setup();
    t.createContext.mockImplementationOnce(() => {
      const blocked = new FakeAudioContext({ state: 'suspended' });
      blocked.resume = () => Promise.resolve(); // refused: no user activation yet
      t.contexts.push(blocked);
      return blocked;
    });
    t.doc.dispatchEvent(new Event('touchstart'));
    await settle();
    expect(t.dataset.audio).toBe('suspended');
    t.context().resume = FakeAudioContext.prototype.resume;
    t.doc.dispatchEvent(new Event('touchend'));
    expect(t.dataset.audio).toBe('running');
  });

  it('is on by default; off mutes at once, persists, and on resumes', async () => {
    const t = setup();
    const changes = vi.fn();
    t.sound.subscribe(changes);
    expect(t.sound.isEnabled()).toBe(true);
    t.doc.dispatchEvent(new Event('keydown'));
    await settle();
    const [first] = t.music();

    t.sound.setEnabled(false);
    expect(t.store.get(SOUND_STORAGE_KEY)).toBe('off');
    expect(t.sound.isEnabled()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(first?.stoppedAt).toBe(0); // stopped now, not at the end of the loop
    expect(t.context().state).toBe('suspended');
    expect(t.dataset.audio).toBe('suspended');
    const sources = t.context().oscillators.length;
    t.sound.play('click');
    expect(t.context().oscillators).toHaveLength(sources);

    t.sound.setEnabled(true);
    expect(t.store.get(SOUND_STORAGE_KEY)).toBe('on');
    expect(changes).toHaveBeenCalledTimes(2);
    expect(t.context().state).toBe('running');
    expect(t.dataset.audio).toBe('running');
    const playing = t.music().filter((source) => source.stoppedAt === undefined);
    expect(playing).toHaveLength(1);
    expect(playing[0]).not.toBe(first);
    t.sound.play('click');
    expect(t.context().oscillators.length).toBeGreaterThan(sources);
  });

  it('remembers off: no context, even after gestures, until the visitor turns sound on', async () => {
    const t = setup({ stored: 'off' });
    expect(t.sound.isEnabled()).toBe(false);
    t.doc.dispatchEvent(new Event('pointerdown'));
    t.doc.dispatchEvent(new Event('keydown'));
    await settle();
    expect(t.createContext).not.toHaveBeenCalled();
    expect(t.dataset.audio).toBe('none');

    t.sound.setEnabled(true); // the click on the control
    expect(t.createContext).toHaveBeenCalledTimes(1);
    await settle();
    expect(t.music()).toHaveLength(1);
    expect(t.dataset.audio).toBe('running');
  });

  it('reads anything but off as on', () => {
    expect(setup({ stored: 'on' }).sound.isEnabled()).toBe(true);
    expect(setup({ stored: 'maybe' }).sound.isEnabled()).toBe(true);
  });

  it('suspends while the tab is hidden and resumes on return, music paused not stopped', async () => {
    const t = setup();
    t.doc.dispatchEvent(new Event('pointerdown'));
    await settle();
    const [music] = t.music();
    t.setVisibility('hidden');
    expect(t.context().state).toBe('suspended');
    expect(t.dataset.audio).toBe('suspended');
    expect(music?.stoppedAt).toBeUndefined();
    const sources = t.context().oscillators.length;
    t.sound.play('hover');
    expect(t.context().oscillators).toHaveLength(sources);

    t.setVisibility('visible');
    expect(t.context().state).toBe('running');
    expect(t.dataset.audio).toBe('running');
    expect(t.music()).toEqual([music]);
  });

  it('stays suspended on return to the tab when sound is off', async () => {
    const t = setup();
    t.doc.dispatchEvent(new Event('pointerdown'));
    await settle();
    t.sound.setEnabled(false);
    t.setVisibility('hidden');
    t.setVisibility('visible');
    expect(t.context().state).toBe('suspended');
  });

  it("follows another tab's choice", async () => {
    const t = setup();
    t.doc.dispatchEvent(new Event('pointerdown'));
    await settle();
    t.win.dispatchEvent(Object.assign(new Event('storage'), { key: SOUND_STORAGE_KEY, newValue: 'off' }));
    expect(t.sound.isEnabled()).toBe(false);
    expect(t.context().state).toBe('suspended');
    t.win.dispatchEvent(Object.assign(new Event('storage'), { key: 'theme', newValue: 'light' }));
    expect(t.sound.isEnabled()).toBe(false);
    t.win.dispatchEvent(Object.assign(new Event('storage'), { key: SOUND_STORAGE_KEY, newValue: 'on' }));
    expect(t.sound.isEnabled()).toBe(true);
    expect(t.context().state).toBe('running');
  });

  it('stays silent without the Web Audio API', async () => {
    const t = setup({ webAudio: false });
    t.doc.dispatchEvent(new Event('pointerdown'));
    t.doc.dispatchEvent(new Event('keydown'));
    t.sound.play('click');
    await settle();
    expect(t.createContext).toHaveBeenCalledTimes(1);
    expect(t.loadEngine).not.toHaveBeenCalled();
    expect(t.dataset.audio).toBe('none');
  });

  it('closes the context and tries again on the next gesture when the engine fails to load', async () => {
    const t = setup({ engine: 'fails' });
    t.doc.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(t.contexts[0]?.state).toBe('closed');
    expect(t.dataset.audio).toBe('none');
    t.loadEngine.mockImplementation(() => Promise.resolve(engineModule));
    t.doc.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(t.contexts).toHaveLength(2);
    expect(t.contexts[1]?.bufferSources.filter((source) => source.loop)).toHaveLength(1);
  });

  it('stops listening when uninstalled', () => {
    const t = setup();
    t.uninstall();
    t.doc.dispatchEvent(new Event('pointerdown'));
    expect(t.createContext).not.toHaveBeenCalled();
  });

  it("sounds the simulator's buzzer only while sound is on and the tab visible", async () => {
    const t = setup();
    // Before the first gesture there is no engine: asking for the buzzer makes nothing.
    t.sound.setBuzzer(true);
    expect(t.createContext).not.toHaveBeenCalled();
    t.doc.dispatchEvent(new Event('pointerdown'));
    await settle();
    // The engine arrived with the buzzer on: it sounds.
    const buzzer = () => t.context().oscillators.find((oscillator) => oscillator.frequency.events.length > 0);
    const gateTarget = () => {
      const gates = t.context().gains.filter((gain) => gain.gain.events.some((event) => event.kind === 'target'));
      return gates
        .at(-1)
        ?.gain.events.filter((event) => event.kind === 'target')
        .at(-1)?.value;
    };
    expect(buzzer()).toBeDefined();
    expect(gateTarget()).toBe(1);

    t.sound.setEnabled(false);
    expect(gateTarget()).toBe(0);
    t.sound.setEnabled(true);
    expect(gateTarget()).toBe(1);
    t.setVisibility('hidden');
    expect(gateTarget()).toBe(0);
    t.setVisibility('visible');
    expect(gateTarget()).toBe(1);
    t.sound.setBuzzer(false);
    expect(gateTarget()).toBe(0);
    // Muted, turning it on stays silent.
    t.sound.setEnabled(false);
    t.sound.setBuzzer(true);
    expect(gateTarget()).toBe(0);
  });
});
