import type { PartFactory } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * The parts a learner sees and hears, read from the pins the sketch drives.
 */

/** An LED with its resistor, anode to a pin: its brightness is the pin's PWM duty (0–1). */
export const led: PartFactory = (context) => {
  const meter = context.board.dutyMeter(requireArduinoPin(context, '+'));
  let brightness = 0;
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    update: () => {
      brightness = meter.read();
    },
    view: () => ({ kind: 'led', brightness }),
  };
};

/** An active buzzer sounds while its + pin is high (it has its own oscillator). */
export const activeBuzzer: PartFactory = (context) => {
  const pin = requireArduinoPin(context, '+');
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'buzzer', sounding: context.board.isHigh(pin) }),
  };
};

/**
 * A passive buzzer (a bare piezo disc) has no oscillator of its own: it sounds only while its pin
 * keeps switching, as tone() makes it (a square wave at the note's frequency, 31 Hz and up); a pin
 * held high or low is silent, and one switch is only a click. So it sounds while the pin switched
 * twice within the last period of the lowest tone.
 */
const LOWEST_TONE_PERIOD_US = 1_000_000 / 31;

export const passiveBuzzer: PartFactory = (context) => {
  const pin = requireArduinoPin(context, '+');
  let lastSwitchAt = Number.NEGATIVE_INFINITY;
  let switchBeforeAt = Number.NEGATIVE_INFINITY;
  // A pin not driven (an input) puts nothing across the disc: as good as low.
  let level = context.board.isHigh(pin);
  context.board.onPinChange(pin, (high, micros) => {
    if (high === level) return;
    level = high;
    switchBeforeAt = lastSwitchAt;
    lastSwitchAt = micros;
  });
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'buzzer', sounding: context.board.micros - switchBeforeAt < LOWEST_TONE_PERIOD_US }),
  };
};

/** A relay module with an active-high input (as the tutorials' sketches set RELAY_ON): COM meets NO while IN is high. */
export const relayModule: PartFactory = (context) => {
  const pin = requireArduinoPin(context, 'IN');
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'relay', closed: context.board.isHigh(pin) }),
  };
};

/**
 * A DC pump runs while its + lead has power: wired to a relay's NO contact, that is while the relay
 * is closed and its COM has the battery's plus.
 */
export const waterPump: PartFactory = (context) => {
  const feed = context.wiring('+').peers.map((end) => end.split('.')) as [string, string][];
  const running = () =>
    context.wiring('+').supply === 'battery' ||
    feed.some(([partId, pin]) => {
      const view = pin === 'NO' ? context.model(partId)?.view() : undefined;
      return view?.kind === 'relay' && view.closed && context.wiring('COM', partId).supply === 'battery';
    });
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'pump', running: running() }),
  };
};
