import type {
  AudioBufferLike,
  AudioBufferSourceNodeLike,
  AudioContextLike,
  AudioNodeLike,
  AudioParamLike,
  BiquadFilterNodeLike,
  GainNodeLike,
  OscillatorNodeLike,
} from '#web/features/sound/sound-engine.ts';

/*
 * A recording stand-in for AudioContext in unit tests (Node has no Web Audio): it keeps the graph
 * that was built, every scheduled parameter change and its own clock and state, so tests can
 * assert what would sound, how loud and when.
 */

export class FakeParam implements AudioParamLike {
  value: number;
  readonly events: { kind: string; value: number; time: number }[] = [];
  constructor(value: number) {
    this.value = value;
  }
  setValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'set', value, time });
  }
  linearRampToValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'linear', value, time });
  }
  exponentialRampToValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'exponential', value, time });
  }
  setTargetAtTime(value: number, time: number) {
    this.events.push({ kind: 'target', value, time });
  }
  cancelScheduledValues(time: number) {
    this.events.push({ kind: 'cancel', value: Number.NaN, time });
  }
}

class FakeNode implements AudioNodeLike {
  outputs: AudioNodeLike[] = [];
  connect(destination: AudioNodeLike) {
    this.outputs.push(destination);
    return destination;
  }
  disconnect() {
    this.outputs = [];
  }
}

class FakeGain extends FakeNode implements GainNodeLike {
  readonly gain = new FakeParam(1);
}

class FakeScheduledSource extends FakeNode {
  startedAt: number | undefined;
  stoppedAt: number | undefined;
  start(when = 0) {
    if (this.startedAt !== undefined) throw new Error('InvalidStateError: started twice');
    this.startedAt = when;
  }
  stop(when = 0) {
    if (this.startedAt === undefined) throw new Error('InvalidStateError: stopped before start');
    this.stoppedAt = when;
  }
}

class FakeOscillator extends FakeScheduledSource implements OscillatorNodeLike {
  type: OscillatorType = 'sine';
  readonly frequency = new FakeParam(440);
}

class FakeBufferSource extends FakeScheduledSource implements AudioBufferSourceNodeLike {
  buffer: AudioBufferLike | null = null;
  loop = false;
}

class FakeFilter extends FakeNode implements BiquadFilterNodeLike {
  type: BiquadFilterType = 'lowpass';
  readonly frequency = new FakeParam(350);
  readonly Q = new FakeParam(1);
}

export class FakeBuffer implements AudioBufferLike {
  readonly data: Float32Array;
  readonly sampleRate: number;
  constructor(length: number, sampleRate: number) {
    this.data = new Float32Array(length);
    this.sampleRate = sampleRate;
  }
  get length() {
    return this.data.length;
  }
  getChannelData() {
    return this.data;
  }
}

export class FakeAudioContext implements AudioContextLike {
  currentTime = 0;
  readonly sampleRate: number;
  state: AudioContextState;
  readonly destination = new FakeNode();
  onstatechange: ((event: Event) => void) | null = null;
  readonly gains: FakeGain[] = [];
  readonly oscillators: FakeOscillator[] = [];
  readonly bufferSources: FakeBufferSource[] = [];
  readonly calls: string[] = [];

  constructor(options: { state?: AudioContextState; sampleRate?: number } = {}) {
    this.state = options.state ?? 'running';
    // A low rate keeps the rendered music small in tests.
    this.sampleRate = options.sampleRate ?? 8000;
  }

  /** The gain nodes wired straight to the speakers: the engine's per-sound volume controls. */
  get buses(): FakeGain[] {
    return this.gains.filter((gain) => gain.outputs.includes(this.destination));
  }

  createGain() {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createBiquadFilter() {
    return new FakeFilter();
  }
  createBuffer(_channels: number, length: number, sampleRate: number) {
    return new FakeBuffer(length, sampleRate);
  }
  createBufferSource() {
    const source = new FakeBufferSource();
    this.bufferSources.push(source);
    return source;
  }
  resume() {
    this.calls.push('resume');
    this.setState('running');
    return Promise.resolve();
  }
  suspend() {
    this.calls.push('suspend');
    this.setState('suspended');
    return Promise.resolve();
  }
  close() {
    this.calls.push('close');
    this.setState('closed');
    return Promise.resolve();
  }
  setState(state: AudioContextState) {
    if (this.state === state) return;
    this.state = state;
    this.onstatechange?.(new Event('statechange'));
  }
}

/** Follows the graph from `node` and says whether it reaches `target`. */
export function reaches(node: AudioNodeLike, target: AudioNodeLike): boolean {
  if (node === target) return true;
  return node instanceof FakeNode && node.outputs.some((next) => reaches(next, target));
}
