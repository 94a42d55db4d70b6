import { expect } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { compiledSketchSchema, compileFailedSchema } from '#shared/schemas/sketch-compile.ts';
import { serverTest } from '#test/server-fixture.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';
import { DEFAULT_COMPILE_CONFIG } from '../../../env.ts';

/*
 * Code from the web compiles here as in the Arduino IDE (issue 44), over HTTP with the real compiler
 * in its sandbox: the IDE's flags, a prototype for every function (function pointers too) on its own
 * function's line, and plain words for a library we do not ship. One database: nothing here is stored.
 */

const test = serverTest('sqlite', {
  compile: { ...DEFAULT_COMPILE_CONFIG, compiler: testSettings.avrCompiler, core: testSettings.arduinoAvrCore },
});

let learner: Session;
test.beforeAll(async ({ server }) => {
  learner = await signUpAndSignIn(server);
});

const compile = (server: TestServer, source: string, board = 'uno') =>
  request(server, '/api/sketches/compile', {
    method: 'POST',
    json: { board, source },
    headers: bearer(learner.access_token),
  });

test('a narrowing initialiser is a warning, as in the IDE, not an error', async ({ server }) => {
  const res = await compile(
    server,
    'char pattern[] = {0x80, 0xFF, 0x01};\nvoid setup() { Serial.write(pattern[0]); }\nvoid loop() {}\n',
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(compiledSketchSchema.parse(res.body).warnings).toContainEqual(
    expect.objectContaining({ line: 1, severity: 'warning', message: expect.stringMatching(/narrowing/) }),
  );
});

test('a function whose parameter is a function pointer may be called before it is defined', async ({ server }) => {
  const res = await compile(
    server,
    [
      'void blink() { digitalWrite(13, !digitalRead(13)); }',
      'void setup() { pinMode(13, OUTPUT); }',
      'void loop() { every(500, blink); }',
      'void every(unsigned long ms, void (*action)()) {',
      '  static unsigned long last = 0;',
      '  if (millis() - last >= ms) { last = millis(); action(); }',
      '}',
      '',
    ].join('\n'),
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
});

test('a prototype the compiler cannot read is reported on its own function’s line', async ({ server }) => {
  const res = await compile(
    server,
    ['void setup() {}', '', 'void loop() {}', '', '', '', 'void show(Missing m) {}', ''].join('\n'),
  );
  expect(res.status).toBe(422);
  const { diagnostics } = compileFailedSchema.parse(res.body).error;
  // Both the prototype's error and the definition's are on show's line (the prototype's was on line 3).
  expect(diagnostics.length).toBeGreaterThan(0);
  expect(diagnostics.filter((d) => d.line !== 7)).toEqual([]);
});

test('a function only one board compiles, with a type declared after the first function, compiles on each', async ({
  server,
}) => {
  const source = [
    'void setup() { Serial.begin(9600); }',
    '#ifdef ARDUINO_AVR_MEGA2560',
    'struct MegaPort { int baud; };',
    'void openSecondPort(MegaPort port) { Serial1.begin(port.baud); }',
    '#endif',
    'void loop() {}',
    '',
  ].join('\n');
  for (const board of ['uno', 'mega']) {
    const res = await compile(server, source, board);
    expect(res.status, `${board}: ${res.text.slice(0, 300)}`).toBe(200);
  }
});

test('a library RoboForge does not ship is said in plain words, with the ones it does', async ({ server }) => {
  const res = await compile(server, '#include <MFRC522.h>\nvoid setup() {}\nvoid loop() {}\n');
  expect(res.status).toBe(422);
  expect(compileFailedSchema.parse(res.body).error.diagnostics).toEqual([
    {
      line: 1,
      column: expect.any(Number),
      severity: 'error',
      message:
        'RoboForge does not have the MFRC522 library yet. These libraries are available: Adafruit_Sensor, CapacitiveSensor, DHT, EEPROM, LiquidCrystal, LiquidCrystal_I2C, NewPing, pitches, RTClib, Servo, SoftwareSerial, SPI, Stepper, Wire.',
    },
  ]);
});

test('pitches.h is there for every sketch, as the IDE’s melody examples include it', async ({ server }) => {
  const res = await compile(server, '#include "pitches.h"\nvoid setup() { tone(8, NOTE_A4, 500); }\nvoid loop() {}\n');
  expect(res.status, res.text.slice(0, 300)).toBe(200);
});

const compileWithTabs = (server: TestServer, source: string, files: unknown) =>
  request(server, '/api/sketches/compile', {
    method: 'POST',
    json: { board: 'uno', source, files },
    headers: bearer(learner.access_token),
  });

test('a sketch with tabs: a header, another .ino joined as the IDE joins it, and a .cpp of its own', async ({
  server,
}) => {
  const res = await compileWithTabs(
    server,
    '#include "notes.h"\n#include "blinker.h"\nvoid setup() { pinMode(13, OUTPUT); }\nvoid loop() { spin(); blinkOnce(13); }\n',
    [
      { name: 'notes.h', source: '#define MY_NOTE 440\n' },
      { name: 'motors.ino', source: 'void spin() { tone(8, MY_NOTE, 100); }\n' },
      { name: 'blinker.h', source: 'void blinkOnce(int pin);\n' },
      {
        name: 'blinker.cpp',
        source:
          '#include <Arduino.h>\n#include "blinker.h"\nvoid blinkOnce(int pin) { digitalWrite(pin, !digitalRead(pin)); }\n',
      },
    ],
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  // The tabs are part of the key: another tab's text is another program.
  const again = await compileWithTabs(
    server,
    '#include "notes.h"\nvoid setup() {}\nvoid loop() { Serial.println(MY_NOTE); }\n',
    [{ name: 'notes.h', source: '#define MY_NOTE 440\n' }],
  );
  expect(compiledSketchSchema.parse(again.body).cached).toBe(false);
  const other = await compileWithTabs(
    server,
    '#include "notes.h"\nvoid setup() {}\nvoid loop() { Serial.println(MY_NOTE); }\n',
    [{ name: 'notes.h', source: '#define MY_NOTE 262\n' }],
  );
  expect(compiledSketchSchema.parse(other.body).cached).toBe(false);
  expect(compiledSketchSchema.parse(other.body).hex).not.toBe(compiledSketchSchema.parse(again.body).hex);
});

test('a mistake in a tab is reported in that tab, on its own line', async ({ server }) => {
  const res = await compileWithTabs(server, '#include "notes.h"\nvoid setup() {}\nvoid loop() { spin(); }\n', [
    { name: 'notes.h', source: '// notes\nint note = ;\n' },
    { name: 'motors.ino', source: '// motors\n\nvoid spin() { undefinedThing(); }\n' },
    { name: 'extra.cpp', source: '#include <Arduino.h>\n\nint broken() { return nope; }\n' },
  ]);
  expect(res.status).toBe(422);
  const { diagnostics } = compileFailedSchema.parse(res.body).error;
  expect(diagnostics).toContainEqual(expect.objectContaining({ file: 'notes.h', line: 2 }));
  expect(diagnostics).toContainEqual(
    expect.objectContaining({ file: 'motors.ino', line: 3, message: expect.stringMatching(/undefinedThing/) }),
  );
  expect(diagnostics).toContainEqual(
    expect.objectContaining({ file: 'extra.cpp', line: 3, message: expect.stringMatching(/nope/) }),
  );
});

test('tabs with a wrong name, too many of them or too much in all are refused and nothing is compiled', async ({
  server,
}) => {
  const tab = (name: string, source = '// a tab\n') => ({ name, source });
  const cases: [unknown, number, RegExp][] = [
    [[tab('notes.c')], 400, /letters, digits and _/],
    [[tab('../notes.h')], 400, /letters, digits and _/],
    [[tab('my notes.h')], 400, /letters, digits and _/],
    [[tab('notes.h'), tab('Notes.h')], 400, /a name of its own/],
    [[tab('sketch.cpp')], 400, /cannot be called sketch/],
    [[tab('notes.h', 'a\u0000b')], 400, /NUL/],
    [[{ name: 'notes.h', source: '', extra: 1 }], 400, /./],
    [[{ name: 'notes.h' }], 400, /./],
    [Array.from({ length: 9 }, (_, i) => tab(`tab${i}.h`)), 400, /at most 8 tabs/],
    [[tab('big.h', `// ${'x'.repeat(40_000)}\n`), tab('bigger.h', `// ${'y'.repeat(30_000)}\n`)], 413, /tabs included/],
  ];
  for (const [files, status, message] of cases) {
    const res = await compileWithTabs(server, 'void setup() {}\nvoid loop() {}\n', files);
    expect(res.status, JSON.stringify(files).slice(0, 80)).toBe(status);
    expect(res.text, JSON.stringify(files).slice(0, 80)).toMatch(message);
  }
});
