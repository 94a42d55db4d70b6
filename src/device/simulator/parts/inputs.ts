import type { ArduinoPin } from '../board.ts';
import { type Control, type PartContext, type PartFactory, type PartModel, requireArduinoPin } from './part.ts';

/*
 * The parts a learner controls. Each turns a value the learner sets (a slider in the unit the part
 * measures, or a switch) into what the part's datasheet says it puts on its output pin.
 */

const SUPPLY_VOLTS = 5;

interface Slider {
  readonly key: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly unit?: string;
  readonly initial: number;
  /** The suffix of the accessible name after the part's label, e.g. 'temperature'. */
  readonly name?: string;
  /** What the two ends mean in the part's own words, e.g. ['dry', 'wet'] (shown under the slider). */
  readonly ends?: readonly [string, string];
}

/** A sensor with one analog output: `volts` is its transfer function, from the datasheet. */
function analogSensor(pin: string, slider: Slider, volts: (value: number) => number): PartFactory {
  return (context) => {
    const output = requireArduinoPin(context, pin);
    return sliderPart(context, slider, (value) => context.board.setVoltage(output, volts(value)));
  };
}

/** A part the learner sets with one slider: `apply` puts each new value on the board. */
function sliderPart(context: PartContext, slider: Slider, apply: (value: number) => void): PartModel {
  let value = slider.initial;
  apply(value);
  return {
    part: context.part,
    controls: () => [sliderControl(context, slider, value)],
    setControl: (key, next) => {
      if (key !== slider.key) return;
      value = clamp(next, slider.min, slider.max);
      apply(value);
    },
    view: () => ({ kind: 'input' }),
  };
}

function sliderControl(context: PartContext, slider: Slider, value: number): Control {
  return {
    type: 'slider',
    key: slider.key,
    label: slider.name ? `${context.part.label}: ${slider.name}` : context.part.label,
    min: slider.min,
    max: slider.max,
    step: slider.step,
    ...(slider.unit ? { unit: slider.unit } : {}),
    ...(slider.ends ? { ends: slider.ends } : {}),
    value,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Capacitive soil moisture sensor v1.2, in soil: 0 % is dry soil and 100 % freshly watered soil,
 * which the tutorials' calibration step reads as 520 and 260 (2.54 V and 1.27 V; the sensor spans
 * about 3.0 V in dry air to 1.2 V in water). Linear between, so the sketches' percentages match the slider.
 */
export const soilMoistureSensor = analogSensor(
  'AOUT',
  { key: 'moisture', min: 0, max: 100, step: 1, unit: '%', initial: 20, ends: ['dry', 'wet'] },
  (percent) => 2.54 - (1.27 * percent) / 100,
);

/** A resistive moisture board (YL-69 style, AO): dry reads near the supply, wet falls towards 1 V. */
export const moistureBoard = analogSensor(
  'AO',
  { key: 'moisture', min: 0, max: 100, step: 1, unit: '%', initial: 0, ends: ['dry', 'wet'] },
  (percent) => SUPPLY_VOLTS - (4 * percent) / 100,
);

/**
 * An MQ gas sensor on its module: the sensing resistance Rs falls with the gas as a power law
 * (the datasheet's log-log line, Rs/R0 = a·ppm^b, never above the clean-air ratio), read through
 * the module's load resistor RL: V = 5·RL / (RL + Rs). R0 is set so clean air reads about the
 * sketches' baseline, as the tutorials' calibration step does.
 */
function mqSensor(curve: { a: number; b: number; cleanAir: number }, cleanAirVolts: number): PartFactory {
  const rsCleanOverRl = SUPPLY_VOLTS / cleanAirVolts - 1;
  const r0OverRl = rsCleanOverRl / curve.cleanAir;
  return analogSensor(
    'AO',
    { key: 'ppm', min: 0, max: 1000, step: 10, unit: 'ppm', initial: 0, ends: ['clean air', 'lots of gas'] },
    (ppm) => {
      const ratio = ppm > 0 ? Math.min(curve.cleanAir, curve.a * ppm ** curve.b) : curve.cleanAir;
      return SUPPLY_VOLTS / (1 + ratio * r0OverRl);
    },
  );
}

/** MQ-2, LPG/smoke line through (200 ppm, 1.6) and (10,000 ppm, 0.27); clean air Rs/R0 = 9.8. */
export const mq2 = mqSensor({ a: 17.8, b: -0.455, cleanAir: 9.8 }, 0.6);
/** MQ-135, CO₂/NH₃ line through (10 ppm, 2.3) and (200 ppm, 0.8); clean air Rs/R0 = 3.6. */
export const mq135 = mqSensor({ a: 5.1, b: -0.35, cleanAir: 3.6 }, 0.75);

/** PH-4502C, calibrated as the tutorial does it: 2.50 V at pH 7, 0.177 V less per pH unit up. */
export const phSensor = analogSensor(
  'Po',
  { key: 'ph', min: 0, max: 14, step: 0.1, unit: 'pH', initial: 7, ends: ['acid', 'alkaline'] },
  (ph) => 2.5 - (ph - 7) * 0.1767,
);

/** The Gravity TDS board: its published conversion ppm = (133.42V³ − 255.86V² + 857.39V) / 2, inverted. */
export const tdsSensor = analogSensor(
  'A',
  { key: 'ppm', min: 0, max: 1000, step: 10, unit: 'ppm', initial: 150 },
  (ppm) => invert((v) => (133.42 * v ** 3 - 255.86 * v ** 2 + 857.39 * v) * 0.5, ppm, 0, 2.3),
);

/**
 * SEN0189 turbidity board, through the points of its datasheet chart: 4.2 V in clear water, 3.9 V
 * at 1,000 NTU, 3.5 V at 2,000 and 2.5 V at 3,000, straight between them: within 0.03 V of the
 * quadratic DFRobot fitted to them up to 2,000 NTU, but that quadratic peaks at 3,004 NTU (2.56 V),
 * so inverting it never gives the chart's 2.5 V. The chart ends there; muddier water keeps lowering
 * the output, taken here at the chart's last slope, so the tutorial's DIRTY (below 2.5 V) is muddier
 * than 3,000 NTU.
 */
export const turbiditySensor = analogSensor(
  'A',
  { key: 'ntu', min: 0, max: 4000, step: 50, unit: 'NTU', initial: 0, ends: ['clear', 'muddy'] },
  (ntu) =>
    interpolate(
      [
        [0, 4.2],
        [1000, 3.9],
        [2000, 3.5],
        [3000, 2.5],
        [4000, 1.5],
      ],
      ntu,
    ),
);

/** The straight line between the two points of `table` ([x, y], x rising) around `x`. */
function interpolate(table: readonly (readonly [number, number])[], x: number): number {
  for (let i = 1; i < table.length; i++) {
    const [x0, y0] = table[i - 1] ?? [0, 0];
    const [x1, y1] = table[i] ?? [0, 0];
    if (x <= x1 || i === table.length - 1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return table[0]?.[1] ?? 0;
}

/** The input the increasing `f` gives `target` at, found by bisection on [low, high]. */
function invert(f: (x: number) => number, target: number, low: number, high: number): number {
  let [a, b] = [low, high];
  for (let i = 0; i < 40; i++) {
    const mid = (a + b) / 2;
    if (f(mid) < target) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
}

/**
 * A 10 kΩ rotary potentiometer, its two outer legs on 5 V and ground and its wiper on an analog pin:
 * the wiper's voltage is the knob's position between the legs (a linear "B" taper). Which outer leg
 * is on 5 V is read from the wiring: turned towards it, the reading rises.
 */
export const potentiometer: PartFactory = (context) => {
  const output = requireArduinoPin(context, 'wiper');
  const rightOnTop = context.wiring('right').supply === 'vcc';
  return sliderPart(
    context,
    {
      key: 'position',
      min: 0,
      max: 100,
      step: 1,
      unit: '%',
      initial: 50,
      name: 'knob',
      ends: ['fully left', 'fully right'],
    },
    (percent) => context.board.setVoltage(output, (SUPPLY_VOLTS * (rightOnTop ? percent : 100 - percent)) / 100),
  );
};

/**
 * A light or temperature dependent resistor in a divider with a fixed 10 kΩ resistor: the point
 * between them is wired to an analog pin. Which end goes to 5 V is read from the wiring.
 */
function dividerSensor(legs: readonly [string, string], slider: Slider, ohms: (value: number) => number): PartFactory {
  return (context) => {
    const [first, second] = legs;
    const middleLeg = context.wiring(first).arduino ? first : second;
    const output = requireArduinoPin(context, middleLeg);
    const otherLeg = middleLeg === first ? second : first;
    const onTop = context.wiring(otherLeg).supply === 'vcc';
    const fixedOhms = 10_000;
    return sliderPart(context, slider, (value) => {
      const r = ohms(value);
      context.board.setVoltage(output, SUPPLY_VOLTS * (onTop ? fixedOhms / (fixedOhms + r) : r / (fixedOhms + r)));
    });
  };
}

/** GL5528 LDR: about 10 kΩ at 10 lux, γ = 0.7 (R = 10 kΩ · (lux/10)^−0.7), 1 MΩ in the dark. */
export const ldr = dividerSensor(
  ['leg 1', 'leg 2'],
  { key: 'lux', min: 0, max: 2000, step: 10, unit: 'lux', initial: 300, name: 'light', ends: ['dark', 'bright'] },
  (lux) => (lux < 0.5 ? 1_000_000 : Math.min(1_000_000, 10_000 * (lux / 10) ** -0.7)),
);

/** 10 kΩ NTC thermistor, β = 3950: R = 10 kΩ · e^(β(1/T − 1/298.15 K)). */
export const thermistor = dividerSensor(
  ['wire 1', 'wire 2'],
  { key: 'celsius', min: 0, max: 50, step: 0.5, unit: '°C', initial: 20, name: 'temperature', ends: ['cold', 'hot'] },
  (celsius) => 10_000 * Math.exp(3950 * (1 / (celsius + 273.15) - 1 / 298.15)),
);

/**
 * A part whose output pin goes to one level when something happens (an item in front, metal near,
 * black tape under it, a press). `idle` is the level otherwise; an open-collector output (the
 * inductive sensor, a button to ground) leaves the pin to the sketch's pull-up, which reads high.
 */
function digitalSensor(
  pin: string,
  text: { on: string; off: string },
  active: boolean,
  momentary = false,
): PartFactory {
  return (context) => {
    const output: ArduinoPin = requireArduinoPin(context, pin);
    let on = false;
    const apply = () => context.board.setInput(output, on ? active : !active);
    apply();
    const model: PartModel = {
      part: context.part,
      controls: () => [
        {
          type: 'switch',
          key: 'on',
          label: context.part.label,
          onText: text.on,
          offText: text.off,
          ...(momentary ? { momentary } : {}),
          value: on ? 1 : 0,
        },
      ],
      setControl: (key, next) => {
        if (key !== 'on') return;
        on = next !== 0;
        apply();
      },
      view: () => ({ kind: 'input' }),
    };
    return model;
  };
}

/** TCRT5000 line sensor module: OUT high over black tape (no reflection), low over white. */
export const irLineSensor = digitalSensor('OUT', { on: 'On the black tape', off: 'On white' }, true);
/** FC-51 IR obstacle sensor: OUT low while something is in front of it. */
export const irObstacleSensor = digitalSensor('OUT', { on: 'Item in front', off: 'Nothing in front' }, false);
/** LJ12A3 inductive proximity sensor, NPN normally open: the black wire is pulled low near metal. */
export const inductiveSensor = digitalSensor('black', { on: 'Metal near', off: 'No metal' }, false);
/** A push button from the pin to ground: pressed reads low through the sketch's pull-up. */
export const pushButton = (context: PartContext) => {
  const legs = ['leg 1', 'leg 2'];
  const signal = legs.find((leg) => context.wiring(leg).arduino) ?? 'leg 1';
  return digitalSensor(signal, { on: 'Pressed', off: 'Released' }, false, true)(context);
};
