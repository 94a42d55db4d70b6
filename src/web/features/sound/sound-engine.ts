import { SOUND_VOLUMES } from '#shared/constants.ts';

/*
 * The synthesiser: every sound is made here from oscillators and generated samples, nothing is
 * fetched. Loaded with import() on the first gesture, so it costs nothing on first load. It sees
 * the audio context only through the narrow shapes below, which a real AudioContext satisfies and
 * a unit test can fake.
 */

export type SoundEffect = 'hover' | 'click' | 'success' | 'error' | 'swoosh';
type Channel = keyof typeof SOUND_VOLUMES;

export interface AudioParamLike {
  value: number;
  setValueAtTime(value: number, time: number): unknown;
  linearRampToValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
  setTargetAtTime(target: number, time: number, timeConstant: number): unknown;
  cancelScheduledValues(time: number): unknown;
}

export interface AudioNodeLike {
  connect(destination: AudioNodeLike): unknown;
  disconnect(): void;
}

export interface GainNodeLike extends AudioNodeLike {
  readonly gain: AudioParamLike;
}

export interface OscillatorNodeLike extends AudioNodeLike {
  type: OscillatorType;
  readonly frequency: AudioParamLike;
  start(when?: number): void;
  stop(when?: number): void;
}

export interface BiquadFilterNodeLike extends AudioNodeLike {
  type: BiquadFilterType;
  readonly frequency: AudioParamLike;
  readonly Q: AudioParamLike;
}

export interface AudioBufferLike {
  readonly length: number;
  getChannelData(channel: number): Float32Array;
}

export interface AudioBufferSourceNodeLike extends AudioNodeLike {
  buffer: AudioBufferLike | null;
  loop: boolean;
  start(when?: number): void;
  stop(when?: number): void;
}

export interface AudioContextLike {
  readonly currentTime: number;
  readonly sampleRate: number;
  readonly state: AudioContextState;
  readonly destination: AudioNodeLike;
  onstatechange: ((event: Event) => void) | null;
  createGain(): GainNodeLike;
  createOscillator(): OscillatorNodeLike;
  createBiquadFilter(): BiquadFilterNodeLike;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBufferLike;
  createBufferSource(): AudioBufferSourceNodeLike;
  resume(): Promise<void>;
  suspend(): Promise<void>;
  close(): Promise<void>;
}

export interface SoundEngine {
  /** Plays one effect now; dropped while the context is not running (muted, hidden, blocked). */
  play(effect: SoundEffect): void;
  startMusic(): void;
  stopMusic(): void;
  /** Sounds or silences the simulated active buzzer (a steady tone while on). */
  setBuzzer(on: boolean): void;
}

/** Hovers closer together than this are dropped, so sweeping across a menu is not a buzz. */
export const HOVER_GAP_SECONDS = 0.08;
/** Effects sounding at once; a new one cuts the oldest (hovers are simply skipped). */
export const MAX_VOICES = 3;
/** Length of the music loop: 16 steps at 120 BPM. */
export const MUSIC_LOOP_SECONDS = 4;
/** An active buzzer's own oscillator: a piezo disc near its resonance, around 2.3 kHz. */
export const BUZZER_HZ = 2300;
/** How fast the buzzer's tone starts and stops (a time constant): no click, and a beep stays crisp. */
const BUZZER_EDGE_SECONDS = 0.004;

interface Voice {
  readonly end: number;
  release(now: number): void;
}

const SILENT = 0.0001; // exponential ramps cannot reach 0

// C major pentatonic, in Hz: friendly, never a wrong note.
const NOTE = {
  G2: 98,
  A2: 110,
  C3: 130.81,
  G4: 392,
  A4: 440,
  C5: 523.25,
  D5: 587.33,
  E5: 659.25,
  G5: 783.99,
  C6: 1046.5,
} as const;

/** The synthesiser for one context; when it may sound is the caller's business (sound-store.ts). */
export function createSoundEngine(ctx: AudioContextLike): SoundEngine {
  const buses = new Map<Channel, GainNodeLike>();
  let voices: Voice[] = [];
  let lastHover = Number.NEGATIVE_INFINITY;
  let musicBuffer: AudioBufferLike | null = null;
  let noiseBuffer: AudioBufferLike | null = null;
  let music: AudioBufferSourceNodeLike | null = null;
  let buzzerGate: GainNodeLike | null = null;

  // One gain per channel set to exactly its product §9 volume; envelopes below never exceed 1.
  function bus(channel: Channel): GainNodeLike {
    let gain = buses.get(channel);
    if (!gain) {
      gain = ctx.createGain();
      gain.gain.value = SOUND_VOLUMES[channel];
      gain.connect(ctx.destination);
      buses.set(channel, gain);
    }
    return gain;
  }

  function tone(
    out: AudioNodeLike,
    spec: { type: OscillatorType; from: number; to?: number; at: number; length: number; peak: number },
  ): Voice {
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    osc.type = spec.type;
    osc.frequency.setValueAtTime(spec.from, spec.at);
    if (spec.to) osc.frequency.exponentialRampToValueAtTime(spec.to, spec.at + spec.length);
    const end = spec.at + spec.length;
    env.gain.setValueAtTime(SILENT, spec.at);
    env.gain.exponentialRampToValueAtTime(spec.peak, spec.at + Math.min(0.01, spec.length / 4));
    env.gain.exponentialRampToValueAtTime(SILENT, end);
    osc.connect(env);
    env.connect(out);
    osc.start(spec.at);
    osc.stop(end + 0.02);
    return { end, release: (now) => fadeOut(env, osc, now) };
  }

  function fadeOut(env: GainNodeLike, source: OscillatorNodeLike | AudioBufferSourceNodeLike, now: number) {
    env.gain.cancelScheduledValues(now);
    env.gain.setTargetAtTime(0, now, 0.01);
    try {
      source.stop(now + 0.05);
    } catch {
      // Already stopped: nothing left to fade.
    }
  }

  function group(parts: Voice[]): Voice {
    return {
      end: Math.max(...parts.map((part) => part.end)),
      release: (now) => {
        for (const part of parts) part.release(now);
      },
    };
  }

  function swoosh(out: AudioNodeLike, at: number): Voice {
    const length = 0.24;
    if (!noiseBuffer) {
      noiseBuffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.3), ctx.sampleRate);
      const data = noiseBuffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    const source = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    const env = ctx.createGain();
    source.buffer = noiseBuffer;
    filter.type = 'bandpass';
    filter.Q.value = 1.2;
    filter.frequency.setValueAtTime(350, at);
    filter.frequency.exponentialRampToValueAtTime(2600, at + length);
    env.gain.setValueAtTime(SILENT, at);
    env.gain.exponentialRampToValueAtTime(0.9, at + length * 0.45);
    env.gain.exponentialRampToValueAtTime(SILENT, at + length);
    source.connect(filter);
    filter.connect(env);
    env.connect(out);
    source.start(at);
    source.stop(at + length + 0.02);
    return { end: at + length, release: (now) => fadeOut(env, source, now) };
  }

  // Short, rounded tones (triangle and sine) in a friendly register: a robot that chirps, not beeps.
  const effects: Record<SoundEffect, (out: AudioNodeLike, at: number) => Voice> = {
    hover: (out, at) => tone(out, { type: 'sine', from: NOTE.E5, to: NOTE.G5, at, length: 0.05, peak: 0.6 }),
    click: (out, at) =>
      group([
        tone(out, { type: 'triangle', from: NOTE.G4, at, length: 0.045, peak: 0.8 }),
        tone(out, { type: 'triangle', from: NOTE.D5, at: at + 0.05, length: 0.06, peak: 0.7 }),
      ]),
    success: (out, at) =>
      group(
        [NOTE.C5, NOTE.E5, NOTE.G5, NOTE.C6].map((from, i) =>
          tone(out, { type: 'triangle', from, at: at + i * 0.07, length: i === 3 ? 0.25 : 0.11, peak: 0.6 }),
        ),
      ),
    error: (out, at) =>
      group([
        tone(out, { type: 'triangle', from: NOTE.G4, to: 370, at, length: 0.14, peak: 0.8 }),
        tone(out, { type: 'triangle', from: 330, to: 262, at: at + 0.16, length: 0.22, peak: 0.8 }),
      ]),
    swoosh,
  };

  function play(effect: SoundEffect) {
    if (ctx.state !== 'running') return;
    const now = ctx.currentTime;
    voices = voices.filter((voice) => voice.end > now);
    if (effect === 'hover') {
      if (now - lastHover < HOVER_GAP_SECONDS || voices.length >= MAX_VOICES) return;
      lastHover = now;
    } else {
      while (voices.length >= MAX_VOICES) voices.shift()?.release(now);
    }
    voices.push(effects[effect](bus(effect), now));
  }

  function startMusic() {
    if (music) return;
    musicBuffer ??= renderMusic(ctx);
    music = ctx.createBufferSource();
    music.buffer = musicBuffer;
    // The buffer holds whole notes that die out before its end, so looping it is seamless.
    music.loop = true;
    music.connect(bus('music'));
    music.start();
  }

  function stopMusic() {
    if (!music) return;
    music.stop();
    music.disconnect();
    music = null;
  }

  // One oscillator for the buzzer, started once and gated: each beep only moves its gate.
  function setBuzzer(on: boolean) {
    if (!buzzerGate) {
      if (!on) return;
      const oscillator = ctx.createOscillator();
      const tone = ctx.createBiquadFilter();
      buzzerGate = ctx.createGain();
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(BUZZER_HZ, ctx.currentTime);
      // A square wave through a low-pass: the buzzer's shrill edge, softened for headphones.
      tone.type = 'lowpass';
      tone.frequency.setValueAtTime(BUZZER_HZ * 2, ctx.currentTime);
      buzzerGate.gain.value = 0;
      oscillator.connect(tone);
      tone.connect(buzzerGate);
      buzzerGate.connect(bus('buzzer'));
      oscillator.start();
    }
    const now = ctx.currentTime;
    buzzerGate.gain.cancelScheduledValues(now);
    buzzerGate.gain.setTargetAtTime(on ? 1 : 0, now, BUZZER_EDGE_SECONDS);
  }

  return { play, startMusic, stopMusic, setBuzzer };
}

/**
 * Writes the background loop into a buffer once: a bleepy pentatonic arpeggio over a soft bass,
 * MUSIC_LOOP_SECONDS long. Every note ends (with a short release) before the loop does, so the
 * repeat has no seam and no click.
 */
function renderMusic(ctx: Pick<AudioContextLike, 'sampleRate' | 'createBuffer'>): AudioBufferLike {
  const rate = ctx.sampleRate;
  const buffer = ctx.createBuffer(1, Math.round(MUSIC_LOOP_SECONDS * rate), rate);
  const data = buffer.getChannelData(0);
  const step = MUSIC_LOOP_SECONDS / 16;
  const melody = [
    NOTE.C5,
    NOTE.E5,
    NOTE.G5,
    NOTE.E5,
    NOTE.A4,
    NOTE.C5,
    NOTE.E5,
    NOTE.C5,
    NOTE.G4,
    NOTE.D5,
    NOTE.G5,
    NOTE.D5,
    NOTE.D5,
    NOTE.C5,
    NOTE.A4,
    NOTE.G4,
  ];
  const bass = [NOTE.C3, NOTE.A2, NOTE.G2, NOTE.G2];

  const addNote = (
    start: number,
    length: number,
    decay: number,
    amplitude: number,
    partials: readonly [number, number][],
    frequency: number,
  ) => {
    const first = Math.round(start * rate);
    const count = Math.min(Math.round(length * rate), data.length - first);
    const release = Math.round(0.02 * rate);
    for (let i = 0; i < count; i++) {
      const t = i / rate;
      const attack = Math.min(1, t / 0.005);
      const tail = Math.min(1, (count - i) / release);
      let sample = 0;
      for (const [multiple, weight] of partials) sample += weight * Math.sin(2 * Math.PI * frequency * multiple * t);
      data[first + i] = (data[first + i] ?? 0) + amplitude * attack * tail * Math.exp(-t * decay) * sample;
    }
  };

  // Odd partials give the melody a soft square-wave, robotic timbre without its harshness.
  melody.forEach((frequency, i) => {
    addNote(
      i * step,
      step * 0.85,
      10,
      0.4,
      [
        [1, 1],
        [3, 0.22],
        [5, 0.08],
      ],
      frequency,
    );
  });
  bass.forEach((frequency, i) => {
    addNote(
      i * step * 4,
      step * 3.6,
      2.5,
      0.35,
      [
        [1, 1],
        [2, 0.3],
      ],
      frequency,
    );
  });
  return buffer;
}
