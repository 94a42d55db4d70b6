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
