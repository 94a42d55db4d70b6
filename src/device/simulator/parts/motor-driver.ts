import { splitWireEnd } from '#shared/content/tutorials.ts';
import type { PartContext, PartFactory } from './part.ts';

/*
 * The L298N dual H-bridge and the DC motors on its outputs. Each output follows its input (OUT1
 * follows IN1, …, OUT4 follows IN4) while its bridge is enabled (ENA for OUT1–2, ENB for OUT3–4;
 * with the module's jumpers on, as the tutorials leave them, always). A motor turns with the
 * difference between its two leads, so PWM on one input and LOW on the other sets its speed,
 * and swapping the inputs reverses it.
 */

const BRIDGES = [
  { enable: 'ENA', channels: ['1', '2'] },
  { enable: 'ENB', channels: ['3', '4'] },
] as const;

/** An input's PWM duty, measured again at every update. */
interface SampledDuty {
  sample(): void;
  readonly value: number;
}

/** A pin not wired to the Arduino stays at `idle`. */
function sampledDuty(context: PartContext, pin: string, idle: number): SampledDuty {
  const arduino = context.part.pins.includes(pin) ? context.wiring(pin).arduino : undefined;
  const meter = arduino ? context.board.dutyMeter(arduino) : undefined;
  let value = idle;
  return {
    sample: () => {
      if (meter) value = meter.read();
    },
    get value() {
      return value;
    },
  };
}

export const l298nDriver: PartFactory = (context) => {
  const outputs = new Map<string, { readonly input: SampledDuty; readonly enable: SampledDuty }>();
  for (const bridge of BRIDGES) {
    // An enable pin the tutorial does not wire has its jumper on: the bridge is always enabled.
    const enable = sampledDuty(context, bridge.enable, 1);
    for (const channel of bridge.channels) {
      outputs.set(`OUT${channel}`, { input: sampledDuty(context, `IN${channel}`, 0), enable });
    }
  }
  const meters = new Set([...outputs.values()].flatMap(({ input, enable }) => [input, enable]));
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    update: () => {
      for (const meter of meters) meter.sample();
    },
    output: (pin) => {
      const out = outputs.get(pin);
      return out ? out.input.value * out.enable.value : undefined;
    },
    view: () => ({ kind: 'passive' }),
  };
};

/** A brushed DC motor (the TT gear motor): its speed follows the voltage across its leads, −1…1 of full. */
export const dcMotor: PartFactory = (context) => {
  const lead = (pin: string): number => {
    const wiring = context.wiring(pin);
    if (wiring.supply === 'gnd') return 0;
    if (wiring.supply !== undefined) return 1;
    for (const end of wiring.peers) {
      const { part, pin: peerPin } = splitWireEnd(end);
      const level = context.model(part)?.output?.(peerPin);
      if (level !== undefined) return level;
    }
    return 0;
  };
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'motor', speed: Math.round((lead('+') - lead('-')) * 100) / 100 }),
  };
};
