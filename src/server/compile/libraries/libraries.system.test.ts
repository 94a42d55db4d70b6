import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArduinoPin, SimBoard } from '#device/simulator/board.ts';
import { dht11Answer } from '#device/simulator/parts/dht11.ts';
import { Simulation } from '#device/simulator/simulation.ts';
import type { Board } from '#shared/content/projects.ts';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import { type Circuit, findTutorial } from '#shared/content/tutorials.ts';
import { compileClean, serviceCompiler } from '#test/compiled-sketch.ts';
import { lcdLines, runUntil } from '#test/scenario-steps.ts';
import { COMPILED_AT } from '../../../../scripts/sketches/build-hex.ts';

// Our library headers (README.md beside this file) as the compile service uses them: its own compiler,
// in its sandbox, with every library's folder on the include path, and no warning allowed. Each library's examples (<Library>/examples/<name>/<name>.ino, written as
// the web's examples are) are compiled for the Uno and the Mega; the ones for parts our simulator
// models run on a simulated board wired as a tutorial (or the trainer board) wires the part, and
// what the part shows is checked: the servo's angle, the LCD's text, the DHT's reading on the serial
// monitor, the stepper's steps, the DS3231's time.

const LIBRARIES_DIR = import.meta.dirname;
const LIBRARIES = [
  'Servo',
  'LiquidCrystal_I2C',
  'LiquidCrystal',
  'DHT',
  'Stepper',
  'RTClib',
  'pitches',
  'NewPing',
  'CapacitiveSensor',
] as const;
type Library = (typeof LIBRARIES)[number];

const exampleFile = (library: Library, name: string) =>
  path.join(LIBRARIES_DIR, library, 'examples', name, `${name}.ino`);

function tutorialCircuit(slug: string): Circuit {
  const tutorial = findTutorial(slug);
  if (!tutorial) throw new Error(`No tutorial ${slug}`);
  return tutorial;
}

/** A bare Uno, for a part the test wires itself. */
const BARE_UNO: Circuit = {
  slug: 'bare-uno',
  board: 'uno',
  parts: [{ id: 'arduino', kind: 'arduino', label: 'Arduino Uno', pins: ['D2'] }],
  wires: [],
};

/** A 16×2 LCD on the Uno's own pins, wired as the Arduino Starter Kit and the LiquidCrystal examples wire it. */
const STARTER_KIT_LCD: Circuit = {
  slug: 'starter-kit-lcd',
  board: 'uno',
  parts: [
    { id: 'arduino', kind: 'arduino', label: 'Arduino Uno', pins: ['D12', 'D11', 'D5', 'D4', 'D3', 'D2'] },
    { id: 'lcd', kind: 'lcd-parallel', label: '16×2 LCD', pins: ['RS', 'E', 'D4', 'D5', 'D6', 'D7'] },
  ],
  wires: [
    ['RS', 'D12'],
    ['E', 'D11'],
    ['D4', 'D5'],
    ['D5', 'D4'],
    ['D6', 'D3'],
    ['D7', 'D2'],
  ].map(([lcd, arduino]) => ({ from: `lcd.${lcd}`, to: `arduino.${arduino}`, color: 'yellow' as const })),
};

/**
 * A DHT22 (AM2302) on `pin`, from its datasheet: it answers a start signal of at least 1 ms low
 * exactly as the DHT11 does (the same waveform, which our DHT11 model exports), with 16-bit tenths.
 */
function attachDht22(board: SimBoard, pin: ArduinoPin, reading: { celsius: number; humidity: number }): void {
  const humidity = Math.round(reading.humidity * 10);
  const temperature = Math.round(Math.abs(reading.celsius) * 10) | (reading.celsius < 0 ? 0x8000 : 0);
  const bytes = [humidity >> 8, humidity & 0xff, temperature >> 8, temperature & 0xff];
  const frame = [...bytes, bytes.reduce((sum, byte) => sum + byte, 0) & 0xff];
  let heldSince: number | undefined;
  board.setInput(pin, true);
  board.onPinChange(pin, () => {
    const hostHoldsLow = board.isOutput(pin) && !board.isHigh(pin);
    if (hostHoldsLow) {
      heldSince ??= board.micros;
      return;
    }
    if (heldSince === undefined) return;
    const held = board.micros - heldSince;
    heldSince = undefined;
    if (held < 1_000) return;
    const segments = dht11Answer(frame);
    const next = (index: number) => {
      const segment = segments[index];
      if (!segment) return board.setInput(pin, true);
      board.setInput(pin, segment[0]);
      board.after(segment[1], () => next(index + 1));
    };
    board.after(30, () => next(0));
  });
}

describe('our Arduino libraries', () => {
  /** The sketch compiled as the compile service compiles it, without a warning. */
  const compile = async (sketch: string, board: Board) => compileClean(await readFile(sketch, 'utf8'), board);

  /** An example compiled for the Uno, on a fresh simulated `circuit`. */
  async function simulateExample(
    library: Library,
    name: string,
    circuit: Circuit,
    startTime?: Date,
  ): Promise<Simulation> {
    const { hex, clock } = await compile(exampleFile(library, name), 'uno');
    return new Simulation(circuit, hex, clock, startTime ? { startTime } : {});
  }

  const serialLines = (sim: Simulation) => sim.serial.split('\r\n').filter((line) => line !== '');
  const waitForSerial = (sim: Simulation, text: string, limitMs = 3_000) =>
    runUntil(sim, () => sim.serial.includes(text), `"${text}" on the serial monitor`, limitMs, 20);

  it('has the AVR toolchain, the Arduino core and the sandbox', async () => {
    const problem = await serviceCompiler().problem();
    expect(problem, problem ?? '').toBeNull();
  }, 60_000);

  it('compiles every example of every library for the Uno, the Nano and the Mega without a warning', async () => {
    const sketches = (
      await Promise.all(
        LIBRARIES.map(async (library) => {
          const names = await readdir(path.join(LIBRARIES_DIR, library, 'examples'));
          return names.map((name) => exampleFile(library, name));
        }),
      )
    ).flat();
    // Every library has its every-call example (each public function once) and one that runs.
    expect(sketches.filter((file) => file.endsWith('every-call.ino'))).toHaveLength(LIBRARIES.length);
    expect(sketches.length).toBeGreaterThan(LIBRARIES.length * 2);
    // Every example for the Uno and the Mega; the every-call ones for the Nano too.
    const jobs = sketches.flatMap((sketch) => {
      const boards: Board[] = sketch.endsWith('every-call.ino') ? ['uno', 'nano', 'mega'] : ['uno', 'mega'];
      return boards.map((board) => ({ sketch, board }));
    });
    // Two at a time: the machine's cores are shared.
    for (let i = 0; i < jobs.length; i += 2) {
      await Promise.all(jobs.slice(i, i + 2).map(({ sketch, board }) => compile(sketch, board)));
    }
  }, 60_000);

  describe('Servo', () => {
    const servoAngle = (sim: Simulation) => {
      const view = sim.view('servo');
      return view.kind === 'servo' ? view.angle : Number.NaN;
    };

    it('write(90) with the default range sends 1472 µs pulses every 20 ms, and the SG90 turns to 92°', async () => {
      const sim = await simulateExample('Servo', 'default-range', TRAINER_BOARD);
      const rises: number[] = [];
      const widths: number[] = [];
      sim.board.onPinChange('D9', (high, micros) => {
        if (high) rises.push(micros);
        else if (rises.length > 0) widths.push(micros - (rises.at(-1) ?? 0));
      });
      sim.run(600);
      // 544 + 90/180 × (2400 − 544) = 1472 µs; the SG90 (500–2400 µs) reads that as 92°, as a real one does.
      expect(serialLines(sim)).toEqual(['read: 90', 'us: 1472']);
      for (const width of widths.slice(1)) expect(width).toBeGreaterThan(1_470);
      for (const width of widths.slice(1)) expect(width).toBeLessThan(1_480);
      const periods = rises.slice(1).map((rise, i) => rise - (rises[i] ?? 0));
      for (const period of periods) expect(period).toBeCloseTo(20_000, -2);
      expect(rises.length).toBeGreaterThanOrEqual(28);
      expect(servoAngle(sim)).toBeCloseTo(92, 0);
    });

    it('with the SG90’s own range turns to 0°, 180° and 90°, and stops pulsing when detached', async () => {
      const sim = await simulateExample('Servo', 'positions', TRAINER_BOARD);
      sim.run(700);
      expect(servoAngle(sim)).toBeLessThan(1);
      sim.run(800);
      expect(servoAngle(sim)).toBeGreaterThan(179);
      waitForSerial(sim, 'at ');
      sim.run(700);
      expect(servoAngle(sim)).toBeCloseTo(90, 0);
      waitForSerial(sim, 'attached: ');
      let pulses = 0;
      sim.board.onPinChange('D9', (high) => {
        if (high) pulses++;
      });
      sim.run(200);
      expect(serialLines(sim)).toEqual(['at 90', 'attached: 0']);
      expect(pulses).toBe(0);
      expect(sim.board.isHigh('D9')).toBe(false);
    });
  });

  describe('LiquidCrystal_I2C', () => {
    it('shows "Hello, world!", a number and the degree sign, then clears with the backlight off', async () => {
      const sim = await simulateExample('LiquidCrystal_I2C', 'hello-world', TRAINER_BOARD);
      waitForSerial(sim, 'shown');
      // Code 0 is the custom character, which the simulated LCD draws as a placeholder.
      expect(lcdLines(sim)).toEqual(['  Hello, world!', 'Temp: 21.5°C ▯']);
      expect(sim.view('lcd')).toMatchObject({ backlight: true });
      waitForSerial(sim, 'cleared', 2_000);
      sim.run(20);
      expect(lcdLines(sim)).toEqual(['Bye', '']);
      expect(sim.view('lcd')).toMatchObject({ backlight: false });
    });
  });

  describe('LiquidCrystal', () => {
    it('the Starter Kit’s LCD shows "hello, world!" and counts the seconds below it', async () => {
      const sim = await simulateExample('LiquidCrystal', 'hello-world', STARTER_KIT_LCD);
      runUntil(sim, () => lcdLines(sim)[1] === '2', 'two seconds on the LCD', 3_000, 20);
      expect(lcdLines(sim)).toEqual(['hello, world!', '2']);
    });
  });

  describe('DHT', () => {
    it('reads the DHT11 of the air quality monitor, and gives NAN where no sensor answers', async () => {
      const sim = await simulateExample('DHT', 'dht11-tester', tutorialCircuit('air-quality-monitor'));
      sim.set('dht', 'celsius', 31);
      sim.set('dht', 'humidity', 70);
      waitForSerial(sim, 'Nothing on pin 3: ');
      sim.fastForward(1_900);
      waitForSerial(sim, 'Humidity');
      runUntil(sim, () => sim.serial.endsWith('\r\n'), 'the end of the line');
      // 31 °C (87.8 °F) at 70 %: the US National Weather Service's regression gives 99.68 °F (its table: 100 °F at 88 °F).
      expect(serialLines(sim)).toEqual([
        'DHTxx test!',
        'Nothing on pin 3: nan',
        'Humidity: 70.00%  Temperature: 31.00C 87.80F  Heat index: 37.60C 99.68F',
      ]);
      sim.set('dht', 'celsius', 12);
      sim.set('dht', 'humidity', 35);
      sim.fastForward(1_950);
      runUntil(sim, () => serialLines(sim).length === 4 && sim.serial.endsWith('\r\n'), 'the next reading');
      expect(serialLines(sim)[3]).toMatch(/^Humidity: 35\.00% {2}Temperature: 12\.00C 53\.60F {2}Heat index: /);
    });

    it('DHT_Unified describes the DHT11 and reads it as sensor events', async () => {
      const sim = await simulateExample('DHT', 'unified', tutorialCircuit('air-quality-monitor'));
      sim.set('dht', 'celsius', 24);
      sim.set('dht', 'humidity', 55);
      sim.fastForward(1_900);
      waitForSerial(sim, 'Humidity: ');
      runUntil(sim, () => sim.serial.endsWith('%\r\n'), 'the end of the reading');
      expect(serialLines(sim)).toEqual([
        'DHTxx Unified Sensor Example',
        'Sensor Type: DHT11',
        'Max Value:   50.00C',
        'Resolution:  5.00%',
        'Temperature: 24.00C',
        'Humidity: 55.00%',
      ]);
    });

    it('reads tenths, and below zero, from a DHT22', async () => {
      const sim = await simulateExample('DHT', 'dht22-tester', BARE_UNO);
      attachDht22(sim.board, 'D2', { celsius: -5.3, humidity: 45.2 });
      sim.fastForward(1_950);
      runUntil(sim, () => sim.serial.endsWith('C\r\n'), 'a reading', 500);
      expect(serialLines(sim)).toEqual(['Humidity: 45.2%  Temperature: -5.3C']);
    });
  });

  describe('Stepper', () => {
    it('turns the medicine reminder’s 28BYJ-48 a quarter turn at 15 rpm, then an eighth back', async () => {
      const sim = await simulateExample('Stepper', 'one-revolution', tutorialCircuit('medical-assistance-robot'));
      const steps = () => {
        const view = sim.view('driver');
        return view.kind === 'stepper' ? view.steps : Number.NaN;
      };
      const seen: { at: number; steps: number }[] = [];
      runUntil(
        sim,
        () => {
          seen.push({ at: sim.millis, steps: steps() });
          return sim.serial.includes('done');
        },
        'the turns',
        3_000,
        1,
      );
      const started = seen.find((s) => s.steps > 0)?.at ?? Number.NaN;
      const quarterTurn = seen.find((s) => s.steps === 512)?.at ?? Number.NaN;
      expect(Math.max(...seen.map((s) => s.steps))).toBe(512);
      expect(sim.view('driver')).toEqual({ kind: 'stepper', steps: 256, angle: 45 });
      // 60 s / (2048 steps × 15 rpm) = 1.95 ms a step: 512 steps take 1 s.
      expect(quarterTurn - started).toBeCloseTo(1_000, -1);
    });
  });

  describe('RTClib', () => {
    it('alarm 1 on the DS3231 fires at second 05 of each minute, and the sketch sees and clears it', async () => {
      const sim = await simulateExample('RTClib', 'alarm', tutorialCircuit('medical-assistance-robot'));
      waitForSerial(sim, 'Alarm set');
      waitForSerial(sim, 'Alarm at 15:09:05\r\n', 7_000);
      sim.fastForward(55_000);
      waitForSerial(sim, 'Alarm at 15:10:05\r\n', 7_000);
      expect(serialLines(sim)).toEqual(['Alarm set', 'Alarm at 15:09:05', 'Alarm at 15:10:05']);
    });

    it('reads the DS3231 of the medicine reminder: date, day, time, Unix time, a future date, temperature', async () => {
      const start = new Date(2026, 2, 2, 7, 59, 59);
      const sim = await simulateExample('RTClib', 'ds3231', tutorialCircuit('medical-assistance-robot'), start);
      waitForSerial(sim, ' C\r\n');
      const unixTime = Date.UTC(2026, 2, 2, 7, 59, 59) / 1000;
      // The clock kept its time (OSF clear), so the sketch does not set it.
      expect(serialLines(sim)).toEqual([
        '2026/3/2 (Monday) 7:59:59',
        ` since midnight 1/1/1970 = ${unixTime}s`,
        ' now + 7d + 12h + 30m + 6s: 2026-03-09T20:30:05',
        'Temperature: 25.00 C',
      ]);
      sim.fastForward(2_950);
      runUntil(sim, () => serialLines(sim).length === 8, 'the next reading');
      expect(serialLines(sim)[4]).toBe('2026/3/2 (Monday) 8:0:2');
    });

    it('sets the clock from the compile time and to a date of its own, and reads it as a DS1307 too', async () => {
      const sim = await simulateExample('RTClib', 'set-clock', tutorialCircuit('medical-assistance-robot'));
      waitForSerial(sim, 'keeps time');
      // COMPILED_AT is what __DATE__ and __TIME__ say in every compile: the first line is the chip's time, read back.
      expect(COMPILED_AT).toEqual({ date: 'Jan  1 2026', time: '08:00:00' });
      sim.fastForward(2_990);
      waitForSerial(sim, 'done', 500);
      expect(serialLines(sim)).toEqual([
        '2026-01-01T08:00:00',
        'keeps time',
        'Wed 01 Jan 2031 00:00:01',
        'running',
        '2031-01-01',
        'done',
      ]);
      expect(sim.view('rtc')).toMatchObject({ time: '2031-01-01 00:00:01' });
    });
  });

  describe('pitches', () => {
    it('the melody plays C4, E4 and G4, rests, then C5, on the trainer board’s buzzer', async () => {
      const sim = await simulateExample('pitches', 'melody', TRAINER_BOARD);
      const rises: number[] = [];
      sim.board.onPinChange('D8', (high, micros) => {
        if (high) rises.push(micros);
      });
      sim.run(2_500);
      // The notes as the buzzer pin plays them: a run of rises about 1/f apart, a gap between notes.
      const notes: number[][] = [];
      rises.forEach((rise, i) => {
        const gap = rise - (rises[i - 1] ?? Number.NEGATIVE_INFINITY);
        if (gap > 20_000) notes.push([]);
        else notes.at(-1)?.push(gap);
      });
      const hertz = notes.map((periods) => Math.round(1e6 / (periods.reduce((a, b) => a + b, 0) / periods.length)));
      // tone() divides the 16 MHz clock by whole numbers, as on a real Uno: 262 Hz asked is 263 Hz played.
      const asked = [262, 330, 392, 523];
      expect(hertz).toHaveLength(asked.length);
      for (const [i, played] of hertz.entries()) {
        expect(Math.abs(played - (asked[i] ?? 0))).toBeLessThanOrEqual((asked[i] ?? 0) / 100);
      }
      expect(sim.serial).toBe('');
    });

    it('names every note with its frequency, from B0 to D#8, and REST', async () => {
      const sim = await simulateExample('pitches', 'every-call', TRAINER_BOARD);
      waitForSerial(sim, '4978');
      expect(serialLines(sim)).toEqual([
        '0',
        '31',
        '33',
        '35',
        '37',
        '39',
        '41',
        '44',
        '46',
        '49',
        '52',
        '55',
        '58',
        '62',
        '262',
        '440',
        '4186',
        '4699',
        '4978',
      ]);
    });
  });

  describe('NewPing', () => {
    it('ping_cm() gives the distance to what is in front of the HC-SR04, and 0 beyond the maximum', async () => {
      const sim = await simulateExample('NewPing', 'simple-ping', TRAINER_BOARD);
      sim.set('sonar', 'cm', 114);
      waitForSerial(sim, 'cm\r\n');
      // NewPing reckons 57 µs of echo per cm, the HC-SR04 (and sound at 20 °C) 58: 114 cm reads about 116,
      // give or take the centimetre pulseIn() loses counting its loop, as on a real board.
      const cm = Number(/^Ping: (\d+)cm$/.exec(serialLines(sim).at(-1) ?? '')?.[1]);
      expect(Math.abs(cm - 116)).toBeLessThanOrEqual(1);
      // Beyond the sketch's MAX_DISTANCE (200 cm): no echo counts, and the next ping says 0.
      sim.set('sonar', 'cm', 300);
      waitForSerial(sim, 'Ping: 0cm\r\n');
      expect(serialLines(sim).filter((line) => line === 'Ping: 0cm')).toHaveLength(1);
    });
  });

  describe('CapacitiveSensor', () => {
    it('says -2 when the receive pin never follows (no resistor, no foil), after its time-out', async () => {
      const sim = await simulateExample('CapacitiveSensor', 'every-call', BARE_UNO);
      runUntil(sim, () => serialLines(sim).length === 2 && sim.serial.endsWith('\r\n'), 'two readings', 1_000, 10);
      expect(serialLines(sim)).toEqual(['-2', '-2']);
    });
  });
});
