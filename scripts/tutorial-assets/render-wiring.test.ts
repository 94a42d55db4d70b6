import { describe, expect, it } from 'vitest';
import { renderWiringSvg, WIRE_HEX } from './render-wiring.ts';

const parts = [
  { id: 'arduino', label: 'Arduino Uno', pins: ['5V', 'GND', 'A0', 'D7'] },
  { id: 'soil', label: 'Soil sensor', pins: ['VCC', 'GND', 'AOUT'] },
  { id: 'relay', label: 'Relay <5 V>', pins: ['VCC', 'GND', 'IN'] },
];
const wires = [
  { from: 'soil.VCC', to: 'arduino.5V', color: 'red' },
  { from: 'soil.GND', to: 'arduino.GND', color: 'black' },
  { from: 'soil.AOUT', to: 'arduino.A0', color: 'yellow' },
  { from: 'relay.VCC', to: 'arduino.5V', color: 'red' },
  { from: 'relay.GND', to: 'arduino.GND', color: 'black' },
  { from: 'relay.IN', to: 'arduino.D7', color: 'green' },
];

describe('wiring diagram', () => {
  const svg = renderWiringSvg(parts, wires, 'Test');

  it('labels every part and every pin, escaping the text', () => {
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('>Arduino Uno</text>');
    expect(svg).toContain('>Relay &#60;5 V&#62;</text>');
    for (const part of parts) for (const pin of part.pins) expect(svg).toContain(`>${pin}</text>`);
    expect(svg.match(/class="wd-pin"/g)).toHaveLength(10);
  });

  it('draws every wire in its colour, with a casing, as right-angled paths', () => {
    const drawn = [...svg.matchAll(/<path class="wd-wire" d="([^"]+)" stroke="([^"]+)"/g)];
    expect(drawn.map((m) => m[2])).toEqual(wires.map((w) => (WIRE_HEX as Record<string, string>)[w.color]));
    for (const [, d = ''] of drawn) expect(d).toMatch(/^M[\d.]+ [\d.]+H[\d.]+V[\d.]+H[\d.]+$/);
    expect(svg.match(/class="wd-wire-casing"/g)).toHaveLength(wires.length);
  });

  it('gives overlapping wires their own vertical track', () => {
    const tracks = [...svg.matchAll(/<path class="wd-wire" d="M[\d.]+ [\d.]+H([\d.]+)V/g)].map((m) => m[1]);
    // soil.VCC→5V and relay.VCC→5V overlap vertically (relay sits below soil), so they differ.
    expect(tracks[0]).not.toBe(tracks[3]);
    expect(new Set(tracks).size).toBeGreaterThan(1);
  });

  it('names each wire, its net and its step on the drawing, for the page and the simulator to find', () => {
    const stepped = renderWiringSvg(
      parts,
      wires.map((wire, index) => (index === 0 ? { ...wire, step: 2 } : wire)),
      'Test',
    );
    expect(stepped).toContain('data-wire="soil.VCC→arduino.5V" data-net="soil.VCC" data-step="2"');
    // relay.VCC joins soil.VCC at the board's 5V pin: one net.
    expect(stepped).toContain('data-wire="relay.VCC→arduino.5V" data-net="soil.VCC"');
    expect(stepped).toContain('data-pin="arduino.D7"');
  });

  it('puts no pin of a part level with a pin of the board, and dots where one net leaves a shared run', () => {
    const rows = (side: 'board' | 'parts') =>
      [...svg.matchAll(/<circle class="wd-pin" cx="([\d.]+)" cy="([\d.]+)" r="4" data-pin="([^"]+)"/g)]
        .filter((m) => (m[3]?.startsWith('arduino.') ?? false) === (side === 'board'))
        .map((m) => m[2]);
    const boardRows = new Set(rows('board'));
    expect(rows('parts').filter((row) => boardRows.has(row))).toEqual([]);
    // Two VCC wires and two GND wires leave one board pin each: each pair parts at a dot.
    expect(svg.match(/class="wd-junction"/g)).toHaveLength(2);
  });

  it('refuses a wire to a pin no part has, or a colour it cannot draw', () => {
    expect(() => renderWiringSvg(parts, [{ from: 'soil.OUT', to: 'arduino.A0', color: 'red' }], 'Bad')).toThrow(
      /soil\.OUT/,
    );
    expect(() => renderWiringSvg(parts, [{ from: 'soil.AOUT', to: 'arduino.A0', color: 'pink' }], 'Bad')).toThrow(
      /pink/,
    );
  });
});
