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
