import { TRAINER_CIRCUIT } from '../constants.ts';
import { findProjectBySlug } from './projects.ts';
import { TRAINER_BOARD, TRAINER_BOARD_TITLE } from './trainer-board.ts';
import { type Circuit, findTutorial, splitWireEnd } from './tutorials.ts';

/*
 * The circuit a learner's own sketch runs on (issue 32): the playground's trainer board, or the
 * circuit of one of the tutorials. Saved with the sketch (`circuit` in the sketches API).
 */
export { TRAINER_CIRCUIT };

/** The circuit of that name, or undefined for a name that is neither the trainer board nor a tutorial. */
export function findCircuit(circuit: string): Circuit | undefined {
  return circuit === TRAINER_CIRCUIT ? TRAINER_BOARD : findTutorial(circuit);
}

/** The circuit's name as a learner knows it: "Trainer board", or the tutorial's title. */
export function circuitTitle(circuit: string): string {
  return circuit === TRAINER_CIRCUIT ? TRAINER_BOARD_TITLE : (findProjectBySlug(circuit)?.title ?? circuit);
}

/** A board pin as a sketch writes it: `D7` is `7`, `A0` stays `A0`. */
const sketchPin = (pin: string) => (/^D\d+$/.test(pin) ? pin.slice(1) : pin);

/**
 * "Start my own on this circuit": an empty sketch that lists, in comments, which part is on which
 * of the board's pins, so a learner starting from nothing knows what to write to.
 */
export function blankSketchFor(circuit: string): string {
  const found = findCircuit(circuit);
  const lines = [`// My own sketch on the ${circuitTitle(circuit)} circuit.`];
  if (found) {
    const pins = found.wires.flatMap((wire) => {
      const [a, b] = [splitWireEnd(wire.from), splitWireEnd(wire.to)];
      const [board, other] = a.part === 'arduino' ? [a, b] : b.part === 'arduino' ? [b, a] : [null, null];
      if (!board || !other || !/^[DA]\d+$/.test(board.pin)) return [];
      const part = found.parts.find((p) => p.id === other.part);
      return part ? [{ pin: sketchPin(board.pin), what: `${part.label} (${other.pin})` }] : [];
    });
    if (pins.length > 0) {
      lines.push('// What is on which pin:');
      const width = Math.max(...pins.map(({ pin }) => pin.length));
      for (const { pin, what } of pins) lines.push(`//   ${pin.padEnd(width)}  ${what}`);
    }
  }
  lines.push(
    '',
    'void setup() {',
    '  // Runs once, when the board starts.',
    '}',
    '',
    'void loop() {',
    '  // Runs again and again.',
    '}',
    '',
  );
  return lines.join('\n');
}
