import { describe, expect, it } from 'vitest';
import { boundingBox, onPolyline, partsOfWire, pathPoints } from './step-diagram.ts';

describe('a step’s part of the wiring diagram', () => {
  it('reads the corners of a wire as the renderer writes them', () => {
    expect(pathPoints('M138 60H206V72H274')).toEqual([
      { x: 138, y: 60 },
      { x: 206, y: 60 },
      { x: 206, y: 72 },
      { x: 274, y: 72 },
    ]);
    expect(pathPoints('')).toEqual([]);
  });

  it('finds the dots that lie on a wire, and only those', () => {
    const run = pathPoints('M138 60H206V72H274');
    expect(onPolyline({ x: 170, y: 60 }, run)).toBe(true);
    expect(onPolyline({ x: 206, y: 66 }, run)).toBe(true);
    expect(onPolyline({ x: 274, y: 72 }, run)).toBe(true);
    expect(onPolyline({ x: 170, y: 72 }, run)).toBe(false);
    expect(onPolyline({ x: 300, y: 72 }, run)).toBe(false);
  });

  it('crops to the parts a step joins and the wires between them', () => {
    expect(
      boundingBox(
        [
          { x: 8, y: 8, width: 130, height: 148 },
          { x: 274, y: 20, width: 204, height: 100 },
        ],
        [{ x: 206, y: 170 }],
        8,
      ),
    ).toEqual({ x: 0, y: 0, width: 486, height: 178 });
    expect(boundingBox([], [], 8)).toBeNull();
  });

  it('names the parts at a wire’s ends, pins with dots in their names too', () => {
    expect(partsOfWire('soil.AOUT→arduino.A0')).toEqual(['soil', 'arduino']);
    expect(partsOfWire('reg.3.3V→rail.+')).toEqual(['reg', 'rail']);
  });
});
