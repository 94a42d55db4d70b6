import type { Control, PartFactory, PartModel } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * The DHT11 temperature and humidity sensor, from its datasheet's single-wire protocol. The line
 * idles high (the module has its pull-up). The host asks for a reading by holding it low for at
 * least 18 ms and letting go; 20–40 µs later the sensor answers: 80 µs low, 80 µs high, then 40
 * bits, each 50 µs low followed by 26–28 µs high for a 0 or 70 µs high for a 1 (humidity integer
 * and decimal, temperature integer and decimal, checksum), then 50 µs low before it lets go.
 */

/** The host's start signal must hold the line low this long. */
export const START_LOW_MICROS = 18_000;
/** After power-on the sensor ignores the host for a second ("unstable status"). */
export const POWER_UP_MICROS = 1_000_000;

const RESPONSE_DELAY_MICROS = 30;
const RESPONSE_LOW_MICROS = 80;
const RESPONSE_HIGH_MICROS = 80;
const BIT_LOW_MICROS = 50;
const ZERO_HIGH_MICROS = 27;
const ONE_HIGH_MICROS = 70;
const END_LOW_MICROS = 50;

/** A level the sensor puts on the line, and for how long. */
type Segment = readonly [high: boolean, micros: number];

/** The five bytes of a reading: the DHT11 has whole-unit resolution, so both decimal bytes are 0. */
export function dht11Frame(celsius: number, humidity: number): readonly number[] {
  const bytes = [Math.round(humidity), 0, Math.round(celsius), 0];
  return [...bytes, bytes.reduce((sum, byte) => sum + byte, 0) & 0xff];
}

/** The sensor's whole answer to a start signal, as levels and durations. */
export function dht11Answer(frame: readonly number[]): readonly Segment[] {
  const bits = frame.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  return [
    [false, RESPONSE_LOW_MICROS],
    [true, RESPONSE_HIGH_MICROS],
    ...bits.flatMap((bit): Segment[] => [
      [false, BIT_LOW_MICROS],
      [true, bit ? ONE_HIGH_MICROS : ZERO_HIGH_MICROS],
    ]),
    [false, END_LOW_MICROS],
  ];
}

const SLIDERS = {
  celsius: { name: 'temperature', min: 0, max: 50, unit: '°C', initial: 22 },
  humidity: { name: 'humidity', min: 20, max: 90, unit: '%', initial: 50 },
} as const;

type SliderKey = keyof typeof SLIDERS;

export const dht11: PartFactory = (context) => {
  const { board, part } = context;
  const pin = requireArduinoPin(context, 'DATA');
  const values: Record<SliderKey, number> = { celsius: SLIDERS.celsius.initial, humidity: SLIDERS.humidity.initial };
  let state: 'idle' | 'held' | 'answering' = 'idle';
  let heldSince = 0;

  // Released, the line is high through the module's pull-up resistor.
  board.setInput(pin, true);

  const hostHoldsLow = () => board.isOutput(pin) && !board.isHigh(pin);

  const answer = () => {
    state = 'answering';
    const segments = dht11Answer(dht11Frame(values.celsius, values.humidity));
    const next = (index: number) => {
      const segment = segments[index];
      if (!segment) {
        board.setInput(pin, true);
        state = 'idle';
        return;
      }
      const [high, micros] = segment;
      board.setInput(pin, high);
      board.after(micros, () => next(index + 1));
    };
    board.after(RESPONSE_DELAY_MICROS, () => next(0));
  };

  // The host's start signal: it drives the line low, then lets go (an input, or driving it high).
  board.onPinChange(pin, () => {
    if (state === 'idle' && hostHoldsLow()) {
      state = 'held';
      heldSince = board.micros;
    } else if (state === 'held' && !hostHoldsLow()) {
      const longEnough = board.micros - heldSince >= START_LOW_MICROS;
      if (longEnough && heldSince >= POWER_UP_MICROS) answer();
      else state = 'idle';
    }
  });

  const model: PartModel = {
    part,
    controls: () =>
      (Object.keys(SLIDERS) as SliderKey[]).map(
        (key): Control => ({
          type: 'slider',
          key,
          label: `${part.label}: ${SLIDERS[key].name}`,
          min: SLIDERS[key].min,
          max: SLIDERS[key].max,
          step: 1,
          unit: SLIDERS[key].unit,
          value: values[key],
        }),
      ),
    setControl: (key, value) => {
      if (key !== 'celsius' && key !== 'humidity') return;
      values[key] = Math.min(SLIDERS[key].max, Math.max(SLIDERS[key].min, Math.round(value)));
    },
    view: () => ({ kind: 'input' }),
  };
  return model;
};
