import { describe, expect, it } from 'vitest';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import { findTutorial, TUTORIALS } from '#shared/content/tutorials.ts';
import { blockAtLine, type GeneratedSketch, sketchFromBlocks } from './arduino-generator.ts';
import { blockSamples, everyBlockProgram } from './block-samples.ts';
import { BLOCK_STARTERS, emptyBlocks } from './block-starters.ts';

/** A program of "when the board starts" and "forever" with these blocks (serialization JSON) inside. */
function program(starts: object | undefined, forever: object | undefined, variables: object[] = []) {
  const blocks: object[] = [
    { type: 'board_starts', id: 'starts', x: 0, y: 0, ...(starts ? { inputs: { DO: { block: starts } } } : {}) },
    { type: 'board_forever', id: 'forever', x: 0, y: 100, ...(forever ? { inputs: { DO: { block: forever } } } : {}) },
  ];
  return { blocks: { languageVersion: 0, blocks }, variables };
}

const ms = (value: number) => ({ block: { type: 'math_number', fields: { NUM: value } } });
const turn = (id: string, part: string, state: string, next?: object) => ({
  type: 'part_switch',
  id,
  fields: { PART: part, STATE: state },
  ...(next ? { next: { block: next } } : {}),
});
const wait = (id: string, value: number, next?: object) => ({
  type: 'time_wait_ms',
  id,
  inputs: { MS: ms(value) },
  ...(next ? { next: { block: next } } : {}),
});

const blink = program(
  undefined,
  turn('on', 'redLed', 'ON', wait('wait1', 500, turn('off', 'redLed', 'OFF', wait('wait2', 500)))),
);

/** The 1-based line of `source` that is exactly `text` once trimmed. */
const lineOf = (sketch: GeneratedSketch, text: string, nth = 0) =>
  sketch.source
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line === text)[nth]?.[1] ?? -1;

describe('the Arduino generator', () => {
  it('writes blink as a complete sketch, pinMode added from the part it uses', () => {
    expect(sketchFromBlocks(blink, TRAINER_BOARD).source).toBe(
      [
        '// Made with blocks on the Trainer board circuit.',
        '',
        'const int RED_LED_PIN = 6;  // Red LED',
        '',
        'void setup() {',
        '  pinMode(RED_LED_PIN, OUTPUT);',
        '}',
        '',
        'void loop() {',
        '  digitalWrite(RED_LED_PIN, HIGH);',
        '  delay(500);',
        '  digitalWrite(RED_LED_PIN, LOW);',
        '  delay(500);',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty program as empty setup() and loop()', () => {
    expect(sketchFromBlocks(emptyBlocks(), TRAINER_BOARD).source).toBe(
      '// Made with blocks on the Trainer board circuit.\n\nvoid setup() {\n}\n\nvoid loop() {\n}\n',
    );
  });

  it("writes a part's setup once however many blocks use it, in the circuit's part order", () => {
    const servo = (id: string, angle: number, next?: object) => ({
      type: 'servo_turn',
      id,
      fields: { PART: 'servo' },
      inputs: { ANGLE: ms(angle) },
      ...(next ? { next: { block: next } } : {}),
    });
    const { source } = sketchFromBlocks(
      program(
        servo('a', 0, turn('led', 'greenLed', 'ON')),
        servo('b', 90, servo('c', 180, turn('led2', 'greenLed', 'OFF'))),
      ),
      TRAINER_BOARD,
    );
    expect(source.match(/servo\.attach\(SERVO_PIN\);/g)).toHaveLength(1);
    expect(source.match(/#include <Servo\.h>/g)).toHaveLength(1);
    expect(source.match(/pinMode\(GREEN_LED_PIN, OUTPUT\);/g)).toHaveLength(1);
    // The green LED (pin 3) comes before the servo (pin 9) in the trainer board's parts.
    expect(source.indexOf('pinMode(GREEN_LED_PIN')).toBeLessThan(source.indexOf('servo.attach'));
    expect(source.indexOf('servo.attach')).toBeLessThan(source.indexOf('servo.write(0)'));
  });

  it('gives each block its lines, and maps a line back to the innermost block on it', () => {
    const sketch = sketchFromBlocks(blink, TRAINER_BOARD);
    expect(sketch.lines.get('on')).toEqual({ from: 10, to: 10 });
    expect(sketch.lines.get('wait2')).toEqual({ from: 13, to: 13 });
    expect(sketch.lines.get('forever')).toEqual({ from: 9, to: 14 });
    expect(blockAtLine(sketch, lineOf(sketch, 'digitalWrite(RED_LED_PIN, LOW);'))).toBe('off');
    expect(blockAtLine(sketch, lineOf(sketch, 'delay(500);', 1))).toBe('wait2');
    expect(blockAtLine(sketch, lineOf(sketch, 'void loop() {'))).toBe('forever');
    expect(blockAtLine(sketch, lineOf(sketch, 'pinMode(RED_LED_PIN, OUTPUT);'))).toBe('starts');
    expect(blockAtLine(sketch, 1)).toBeUndefined();
  });

  it('maps a value block to the first line of its statement, and an if to all of its lines', () => {
    const sketch = sketchFromBlocks(
      program(undefined, {
        type: 'control_if_else',
        id: 'if',
        inputs: {
          IF: { block: { type: 'part_button_pressed', id: 'pressed', fields: { PART: 'button' } } },
          DO: { block: turn('on', 'greenLed', 'ON') },
          ELSE: { block: turn('off', 'greenLed', 'OFF') },
        },
      }),
      TRAINER_BOARD,
    );
    const first = lineOf(sketch, 'if (digitalRead(BUTTON_PIN) == LOW) {');
    expect(sketch.lines.get('if')).toEqual({ from: first, to: first + 4 });
    expect(sketch.lines.get('pressed')).toEqual({ from: first, to: first });
    expect(blockAtLine(sketch, first)).toBe('pressed');
    expect(blockAtLine(sketch, first + 2)).toBe('if');
    expect(blockAtLine(sketch, first + 3)).toBe('off');
  });

  it('gives every "every N ms" block a timer of its own, and runs them beside forever', () => {
    const every = (id: string, msValue: number, y: number, inside: object) => ({
      type: 'board_every',
      id,
      x: 0,
      y,
      fields: { MS: msValue },
      inputs: { DO: { block: inside } },
    });
    const json = program(undefined, wait('w', 10));
    json.blocks.blocks.push(
      every('e1', 1000, 300, { type: 'part_toggle', fields: { PART: 'redLed' } }),
      every('e2', 1000, 400, { type: 'part_toggle', fields: { PART: 'yellowLed' } }),
    );
    const { source } = sketchFromBlocks(json, TRAINER_BOARD);
    expect(source).toContain('unsigned long everyTimer1000ms = 0;\nunsigned long everyTimer1000ms2 = 0;\n');
    expect(source).toContain(
      [
        '  delay(10);',
        '  if (millis() - everyTimer1000ms >= 1000) {',
        '    everyTimer1000ms = millis();',
        '    digitalWrite(RED_LED_PIN, !digitalRead(RED_LED_PIN));',
        '  }',
        '  if (millis() - everyTimer1000ms2 >= 1000) {',
      ].join('\n'),
    );
  });

  it('leaves out blocks under no start block, and disabled ones; a second forever runs after the first', () => {
    const json = program(undefined, turn('on', 'redLed', 'ON'));
    json.blocks.blocks.push(
      { type: 'board_forever', id: 'forever2', x: 0, y: 200, inputs: { DO: { block: wait('w2', 7) } } },
      { ...turn('loose', 'yellowLed', 'ON'), x: 300, y: 0 },
      { type: 'board_forever', id: 'off', x: 0, y: 300, enabled: false, inputs: { DO: { block: wait('w3', 9) } } },
    );
    const sketch = sketchFromBlocks(json, TRAINER_BOARD);
    expect(sketch.source).toContain('void loop() {\n  digitalWrite(RED_LED_PIN, HIGH);\n  delay(7);\n}\n');
    expect(sketch.source).not.toContain('YELLOW_LED');
    expect(sketch.source).not.toContain('delay(9)');
    expect(sketch.lines.has('loose')).toBe(false);
    expect(sketch.lines.get('forever2')).toEqual(sketch.lines.get('w2'));
  });

  it("names a learner's variables as C++ allows, away from C++'s and Arduino's own words", () => {
    const set = (id: string, next?: object) => ({
      type: 'variables_set',
      fields: { VAR: { id } },
      inputs: { VALUE: ms(1) },
      ...(next ? { next: { block: next } } : {}),
    });
    const { source } = sketchFromBlocks(
      program(undefined, set('v1', set('v2', set('v3'))), [
        { id: 'v1', name: 'my score' },
        { id: 'v2', name: 'delay' },
        { id: 'v3', name: 'RED_LED_PIN' },
      ]),
      TRAINER_BOARD,
    );
    expect(source).toContain('long my_score = 0;\nlong delay2 = 0;\nlong RED_LED_PIN2 = 0;\n');
    expect(source).toContain('  my_score = 1;\n  delay2 = 1;\n  RED_LED_PIN2 = 1;\n');
  });

  it('reads a button to ground as pressed on LOW, and a line sensor as detecting on HIGH', () => {
    const medicine = findTutorial('medical-assistance-robot');
    const lineFollower = findTutorial('line-following-robot');
    if (!medicine || !lineFollower) throw new Error('tutorials missing');
    const pressed = { type: 'part_button_pressed', fields: { PART: 'button' } };
    const when = (condition: object) => ({
      type: 'control_if',
      inputs: { IF: { block: condition }, DO: { block: wait('w', 1) } },
    });
    const buttonSketch = sketchFromBlocks(program(undefined, when(pressed)), medicine).source;
    expect(buttonSketch).toContain('pinMode(BUTTON_PIN, INPUT_PULLUP);');
    expect(buttonSketch).toContain('if (digitalRead(BUTTON_PIN) == LOW) {');
    const detects = { type: 'part_detects', fields: { PART: 'rightSensor' } };
    const lineSketch = sketchFromBlocks(program(undefined, when(detects)), lineFollower).source;
    expect(lineSketch).toContain('const int RIGHT_SENSOR_PIN = 3;  // Right IR sensor');
    expect(lineSketch).toContain('if (digitalRead(RIGHT_SENSOR_PIN) == HIGH) {');
  });

  it('refuses blocks naming a part the circuit does not have, and JSON Blockly cannot load', () => {
    const airQuality = findTutorial('air-quality-monitor');
    if (!airQuality) throw new Error('tutorial missing');
    const servo = { type: 'servo_turn', fields: { PART: 'servo' }, inputs: { ANGLE: ms(90) } };
    expect(() => sketchFromBlocks(program(undefined, servo), airQuality)).toThrow(
      'These blocks name parts the Air Quality Monitor circuit does not have: "servo" (servo_turn).',
    );
    expect(() => sketchFromBlocks(program(undefined, { type: 'no_such_block' }), TRAINER_BOARD)).toThrow(
      /^These blocks cannot be loaded: /,
    );
  });

  it('generates each starter on the trainer board', () => {
    expect(BLOCK_STARTERS.map((starter) => starter.id)).toEqual(['blink', 'button', 'servo-sweep', 'distance-alarm']);
    const expected: Record<string, string> = {
      blink: 'digitalWrite(RED_LED_PIN, HIGH);',
      button: 'if (digitalRead(BUTTON_PIN) == LOW) {',
      'servo-sweep': 'servo.write(angle);',
      'distance-alarm': 'if (readDistanceCm(SONAR_TRIG_PIN, SONAR_ECHO_PIN) < 10) {',
    };
    for (const starter of BLOCK_STARTERS) {
      const sketch = sketchFromBlocks(starter.blocks, TRAINER_BOARD);
      expect(sketch.source, starter.id).toContain(expected[starter.id]);
      expect(sketch.lines.size, starter.id).toBeGreaterThan(3);
    }
  });

  it('generates every block on every circuit, alone and all together, the same each time', () => {
    for (const circuit of [TRAINER_BOARD, ...TUTORIALS]) {
      for (const sample of blockSamples(circuit)) {
        const { source } = sketchFromBlocks(sample.blocks, circuit);
        expect(source, `${sample.type} on ${circuit.slug}`).toMatch(
          /void setup\(\) \{\n[\s\S]*\}\n\nvoid loop\(\) \{\n/,
        );
      }
      const all = everyBlockProgram(circuit);
      expect(sketchFromBlocks(all, circuit).source).toBe(sketchFromBlocks(all, circuit).source);
    }
  });
});
