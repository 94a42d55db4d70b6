import { describe, expect, it } from 'vitest';
import { blankSketchFor, circuitTitle, findCircuit, TRAINER_CIRCUIT } from './circuits.ts';
import { TRAINER_BOARD } from './trainer-board.ts';

describe('the circuits a learner’s own sketch runs on', () => {
  it('are the trainer board and the tutorials’ circuits, by name', () => {
    expect(findCircuit(TRAINER_CIRCUIT)).toBe(TRAINER_BOARD);
    expect(findCircuit('plant-watering-robot')?.slug).toBe('plant-watering-robot');
    expect(findCircuit('trainer-board')).toBeUndefined();
    expect(circuitTitle(TRAINER_CIRCUIT)).toBe('Trainer board');
    expect(circuitTitle('plant-watering-robot')).toBe('Plant Watering Robot');
  });

  it('start blank with every part’s pin written out, as the sketch names the pin', () => {
    const sketch = blankSketchFor(TRAINER_CIRCUIT);
    expect(sketch).toContain('// My own sketch on the Trainer board circuit.');
    expect(sketch).toMatch(/^\/\/ {3}2 {3}Push button \(leg 1\)$/m);
    expect(sketch).toMatch(/^\/\/ {3}A0 {2}Potentiometer \(wiper\)$/m);
    // Power pins are not for a sketch to use.
    expect(sketch).not.toMatch(/5V|GND/);
    expect(sketch).toContain('void setup() {');
    expect(sketch).toContain('void loop() {');
  });
});
