import type { Circuit } from '#shared/content/tutorials.ts';
import { netsOf } from '#shared/content/wiring-layout.ts';
import { type ArduinoPin, pinAddress } from './board.ts';
import type { PinWiring } from './parts/part.ts';

/*
 * The circuit a tutorial's (or the trainer board's) wires make, as the part models need it: for any pin of any part, the
 * Arduino pin and the supply it reaches. The same wire list draws the diagram and fills the
 * connection table, so the simulation cannot disagree with what the learner builds.
 */

const partOf = (end: string) => end.slice(0, end.indexOf('.'));

/** The supply a pin is, by the kind of part it belongs to (the board's 5V and GND, the rails, a battery). */
function supplyOf(circuit: Circuit, end: string): PinWiring['supply'] {
  const part = circuit.parts.find((p) => p.id === partOf(end));
  const pin = end.slice(end.indexOf('.') + 1);
  if (!part) return undefined;
  if (part.kind === 'arduino') return pin === '5V' ? 'vcc' : pin === 'GND' ? 'gnd' : undefined;
  if (part.kind === 'breadboard-rail') return pin === '+' ? 'vcc' : pin === '-' ? 'gnd' : undefined;
  if (part.kind === 'battery') return pin === '+' ? 'battery' : pin === '-' ? 'gnd' : undefined;
  return undefined;
}

export function circuitOf(circuit: Circuit): (partId: string, pin: string) => PinWiring {
  const netOf = netsOf(circuit.wires);
  const members = new Map<string, Set<string>>();
  for (const wire of circuit.wires) {
    for (const end of [wire.from, wire.to]) {
      const net = netOf(end);
      const set = members.get(net) ?? new Set<string>();
      set.add(end);
      members.set(net, set);
    }
  }
  return (partId, pin) => {
    const self = `${partId}.${pin}`;
    const ends = [...(members.get(netOf(self)) ?? [])];
    const arduinoEnd = ends.find((end) => partOf(end) === 'arduino' && pinAddress(end.slice(8)) !== undefined);
    const supply = ends.map((end) => supplyOf(circuit, end)).find((kind) => kind !== undefined);
    return {
      ...(arduinoEnd ? { arduino: arduinoEnd.slice('arduino.'.length) as ArduinoPin } : {}),
      ...(supply ? { supply } : {}),
      peers: ends.filter((end) => end !== self),
    };
  };
}
