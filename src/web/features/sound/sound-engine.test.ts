import { describe, expect, it } from 'vitest';
import { SOUND_VOLUMES } from '#shared/constants.ts';
import { FakeAudioContext, FakeBuffer, type FakeParam, reaches } from '#test/fake-audio-context.ts';
import {
  BUZZER_HZ,
  createSoundEngine,
  HOVER_GAP_SECONDS,
  MAX_VOICES,
  MUSIC_LOOP_SECONDS,
  type SoundEffect,
} from './sound-engine.ts';

const EFFECTS: SoundEffect[] = ['hover', 'click', 'success', 'error', 'swoosh'];

function peak(param: FakeParam) {
  return Math.max(param.value, ...param.events.filter((e) => e.kind !== 'cancel').map((e) => e.value));
}

describe('sound engine', () => {
  it('uses exactly the product §9 volumes', () => {
    expect(SOUND_VOLUMES).toEqual({
      hover: 0.3,
      click: 0.4,
      success: 0.35,
      error: 0.35,
      swoosh: 0.25,
      music: 0.15,
      buzzer: 0.1,
    });
  });

  for (const effect of EFFECTS) {
    it(`plays ${effect} through one bus at exactly ${SOUND_VOLUMES[effect]}, its envelopes never above 1`, () => {
      const ctx = new FakeAudioContext();
      createSoundEngine(ctx).play(effect);
      expect(ctx.buses.map((bus) => bus.gain.value)).toEqual([SOUND_VOLUMES[effect]]);
      const [bus] = ctx.buses;
      if (!bus) throw new Error('no bus');
      expect(bus.gain.events).toEqual([]); // a fixed volume, never automated
      const sources = [...ctx.oscillators, ...ctx.bufferSources];
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) {
        expect(reaches(source, bus)).toBe(true);
        // At once and short: every effect is over well within half a second.
        expect(source.startedAt).toBeGreaterThanOrEqual(0);
        expect(source.startedAt).toBeLessThan(0.3);
        expect(source.stoppedAt).toBeLessThan(0.5);
      }
      for (const gain of ctx.gains.filter((g) => g !== bus)) expect(peak(gain.gain)).toBeLessThanOrEqual(1);
      // Friendly, not shrill: no oscillator above C6.
      for (const oscillator of ctx.oscillators) expect(peak(oscillator.frequency)).toBeLessThanOrEqual(1100);
    });
  }

  it('reuses one bus per sound', () => {
    const ctx = new FakeAudioContext();
    const engine = createSoundEngine(ctx);
    engine.play('click');
    ctx.currentTime = 1;
    engine.play('click');
    expect(ctx.buses).toHaveLength(1);
  });

  it('plays the music as a seamless buffer loop at exactly 0.15', () => {
    const ctx = new FakeAudioContext({ sampleRate: 8000 });
    const engine = createSoundEngine(ctx);
    engine.startMusic();
    engine.startMusic(); // idempotent
    expect(ctx.bufferSources).toHaveLength(1);
    const [music] = ctx.bufferSources;
    if (!music) throw new Error('no music');
    expect(music.loop).toBe(true);
    expect(music.startedAt).toBe(0);
    expect(music.stoppedAt).toBeUndefined();
    expect(ctx.buses.map((bus) => bus.gain.value)).toEqual([SOUND_VOLUMES.music]);
    expect(music.outputs).toEqual(ctx.buses);

    const buffer = music.buffer;
    if (!(buffer instanceof FakeBuffer)) throw new Error('no buffer');
    expect(buffer.length).toBe(MUSIC_LOOP_SECONDS * 8000);
    const data = buffer.data;
    // Silent at both ends, so the repeat has no click; loud enough in between, never clipping.
    expect(Math.abs(data[0] ?? 1)).toBeLessThan(1e-3);
    expect(Math.abs(data.at(-1) ?? 1)).toBeLessThan(1e-3);
    const loudest = data.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
    expect(loudest).toBeGreaterThan(0.2);
    expect(loudest).toBeLessThanOrEqual(1);
  });

  it('stops the music at once and can start it again', () => {
    const ctx = new FakeAudioContext();
    const engine = createSoundEngine(ctx);
    engine.startMusic();
    ctx.currentTime = 2.5;
    engine.stopMusic();
    const [first] = ctx.bufferSources;
    expect(first?.stoppedAt).toBe(0);
    expect(first?.outputs).toEqual([]);
    engine.startMusic();
    expect(ctx.bufferSources).toHaveLength(2);
    // The loop is rendered once and reused.
    expect(ctx.bufferSources[1]?.buffer).toBe(first?.buffer);
  });

  it('lets rapid hovers through at most once per 80 ms', () => {
    const ctx = new FakeAudioContext();
    const engine = createSoundEngine(ctx);
    for (let i = 0; i < 20; i++) {
      ctx.currentTime = i * 0.01; // 20 hovers in 200 ms
      engine.play('hover');
    }
    expect(HOVER_GAP_SECONDS).toBe(0.08);
    expect(ctx.oscillators.map((o) => o.startedAt)).toEqual([0, 0.08, 0.16]);
  });

  it(`never sounds more than ${MAX_VOICES} effects at once`, () => {
    const ctx = new FakeAudioContext();
    const engine = createSoundEngine(ctx);
    for (let i = 0; i < MAX_VOICES; i++) engine.play('success');
    const before = ctx.oscillators.length;
    engine.play('hover'); // a hover does not push in
    expect(ctx.oscillators).toHaveLength(before);

    ctx.currentTime = 0.01;
    engine.play('click'); // a click cuts the oldest voice short
    const firstVoice = ctx.oscillators.slice(0, 4);
    for (const oscillator of firstVoice) expect(oscillator.stoppedAt).toBeCloseTo(0.06);
    const later = ctx.oscillators.slice(4, before);
    for (const oscillator of later) expect(oscillator.stoppedAt).toBeGreaterThan(0.06);

    ctx.currentTime = 2; // all done: room again
    engine.play('hover');
    expect(ctx.oscillators.at(-1)?.startedAt).toBe(2);
  });

  it('makes no sound while the context is not running', () => {
    const ctx = new FakeAudioContext({ state: 'suspended' });
    const engine = createSoundEngine(ctx);
    for (const effect of EFFECTS) engine.play(effect);
    expect(ctx.oscillators).toEqual([]);
    expect(ctx.bufferSources).toEqual([]);
  });

  it('sounds the simulated buzzer as one steady tone at 0.1, gated on and off without a click', () => {
    const ctx = new FakeAudioContext();
    const engine = createSoundEngine(ctx);
    engine.setBuzzer(false); // nothing to silence: builds nothing
    expect(ctx.oscillators).toEqual([]);

    engine.setBuzzer(true);
    const [oscillator] = ctx.oscillators;
    if (!oscillator) throw new Error('no buzzer');
    expect(peak(oscillator.frequency)).toBe(BUZZER_HZ);
    expect(oscillator.startedAt).toBe(0);
    expect(ctx.buses.map((bus) => bus.gain.value)).toEqual([SOUND_VOLUMES.buzzer]);
    const [bus] = ctx.buses;
    if (!bus) throw new Error('no bus');
    expect(reaches(oscillator, bus)).toBe(true);
    const gate = ctx.gains.find((gain) => gain !== bus);
    const target = () => gate?.gain.events.filter((event) => event.kind === 'target').at(-1)?.value;
    expect(target()).toBe(1);

    // Beeping: the same oscillator, its gate closed and opened again.
    ctx.currentTime = 0.5;
    engine.setBuzzer(false);
    expect(target()).toBe(0);
    ctx.currentTime = 1;
    engine.setBuzzer(true);
    expect(target()).toBe(1);
    expect(ctx.oscillators).toHaveLength(1);
    expect(oscillator.stoppedAt).toBeUndefined();
  });
});
