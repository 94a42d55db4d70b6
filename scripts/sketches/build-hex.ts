/**
 * `npm run sketches` (build-hex-command.ts) builds each tutorial's sketch (src/shared/content/sketches/<slug>.ino) into the
 * Intel HEX file its board runs, as the Arduino IDE would, and writes it beside the sketch with one
 * record of them all (`hex-record.json`, read through src/shared/content/hex-record.ts).
 *
 * The toolchain is Debian's (`apt-get install gcc-avr avr-libc arduino-core-avr`): AVR_GXX names
 * avr-g++ (its siblings avr-gcc, avr-gcc-ar, avr-objcopy, avr-nm and avr-size are found beside it,
 * with the same prefix) and ARDUINO_AVR_CORE the core. For each board the core and the libraries
 * bundled with it are compiled once into a static archive, as the IDE does, so the linker takes only
 * the objects a sketch uses; the sketch itself is compiled with -Wall -Werror. Flags are the IDE's
 * (platform.txt) without -flto: the core's clock variables keep their names for the record, at the
 * cost of a few hundred bytes of flash.
 *
 * `src/shared/content/sketches.system.test.ts` runs the same build and fails, naming the file, when a
 * committed .hex or the record no longer matches its sketch.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { BOARD_CHIPS } from '../../src/shared/content/boards.ts';
import type { HexRecord, SketchBuild } from '../../src/shared/content/hex-record.ts';
import { BOARD_NAMES, type Board, PROJECTS } from '../../src/shared/content/projects.ts';

const execFileAsync = promisify(execFile);

export const SKETCHES_DIR = path.resolve(import.meta.dirname, '../../src/shared/content/sketches');
export const HEX_RECORD_FILE = path.join(SKETCHES_DIR, 'hex-record.json');
export const INSTALL_HINT = 'apt-get install gcc-avr avr-libc arduino-core-avr';

export const sketchFileOf = (slug: string) => path.join(SKETCHES_DIR, `${slug}.ino`);
export const hexFileOf = (slug: string) => path.join(SKETCHES_DIR, `${slug}.hex`);

/**
 * What `__DATE__` and `__TIME__` say in every build (the medicine reminder sets its clock from them
 * when the clock has lost its time), so two builds give the same bytes. Any fixed value does: the
 * simulator sets the DS3231 from the browser's clock, and a learner's own IDE puts in the real time.
 */
export const COMPILED_AT = { date: 'Jan  1 2026', time: '08:00:00' } as const;

/** Per board, as the Arduino IDE's boards.txt sets them (the MCU is BOARD_CHIPS'). */
export const BOARD_FLAGS: Readonly<Record<Board, { define: string; variant: string }>> = {
  uno: { define: 'ARDUINO_AVR_UNO', variant: 'standard' },
  nano: { define: 'ARDUINO_AVR_NANO', variant: 'eightanaloginputs' },
  mega: { define: 'ARDUINO_AVR_MEGA2560', variant: 'mega' },
};

/** The libraries bundled with the core: the only ones a learner gets with the Arduino IDE and nothing else. */
export const BUNDLED_LIBRARIES = ['Wire', 'SPI', 'EEPROM', 'SoftwareSerial'];

/** The core's clock variables the record gives the addresses of (local statics of wiring.c). */
const CLOCK_VARIABLES = ['timer0_millis', 'timer0_overflow_count'] as const;

/** Where avr8js's `cpu.data` starts in the ELF's address space: RAM is linked at 0x800000 and up. */
const DATA_SPACE_OFFSET = 0x80_0000;

export interface Toolchain {
  readonly gxx: string;
  readonly gcc: string;
  readonly ar: string;
  readonly objcopy: string;
  readonly nm: string;
  readonly size: string;
  /** The Arduino AVR core's folder (the one holding platform.txt). */
  readonly core: string;
}

/** The toolchain around an avr-g++ (`avr-g++`, `/opt/avr/bin/avr-g++`) and a core folder. */
export function toolchainOf({ compiler, core }: { compiler: string; core: string }): Toolchain {
  if (!compiler.endsWith('g++')) throw new Error(`AVR_GXX must name an avr-g++, not ${compiler}`);
  const prefix = compiler.slice(0, -'g++'.length);
  return {
    gxx: compiler,
    gcc: `${prefix}gcc`,
    ar: `${prefix}gcc-ar`,
    objcopy: `${prefix}objcopy`,
    nm: `${prefix}nm`,
    size: `${prefix}size`,
    core,
  };
}

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

const toolchainEnvironmentSchema = z.object({
  AVR_GXX: z.preprocess(unsetWhenEmpty, z.string().default('avr-g++')),
  ARDUINO_AVR_CORE: z.preprocess(unsetWhenEmpty, z.string().default('/usr/share/arduino/hardware/arduino/avr')),
});

/** The toolchain the environment names (AVR_GXX, ARDUINO_AVR_CORE), Debian's by default. */
export function toolchainFromEnvironment(env: Record<string, string | undefined>): Toolchain {
  const settings = toolchainEnvironmentSchema.parse(env);
  return toolchainOf({ compiler: settings.AVR_GXX, core: settings.ARDUINO_AVR_CORE });
}

/** A tool's standard output; a failure says what was being done, with the tool's own words. */
async function run(tool: string, args: readonly string[], doing: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync(tool, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`${doing} failed:\n${stderr?.trim() || message}`);
  }
}

/** Why the toolchain cannot be used, or undefined when it can. */
export async function toolchainProblem(toolchain: Toolchain): Promise<string | undefined> {
  for (const tool of [toolchain.gxx, toolchain.gcc, toolchain.ar, toolchain.objcopy, toolchain.nm, toolchain.size]) {
    try {
      await execFileAsync(tool, ['--version'], { timeout: 10_000 });
    } catch (error) {
      return `${tool} does not run (${(error as Error).message.split('\n')[0]}). Install it: ${INSTALL_HINT} (or set AVR_GXX)`;
    }
  }
  try {
    await access(path.join(toolchain.core, 'cores', 'arduino', 'Arduino.h'));
  } catch {
    return `No Arduino AVR core at ${toolchain.core} (set ARDUINO_AVR_CORE, or install it: ${INSTALL_HINT})`;
  }
  return undefined;
}

/** The versions that decide the bytes, as the record gives them. */
export async function toolchainVersions(toolchain: Toolchain, workDir: string): Promise<HexRecord['toolchain']> {
  const compiler = (await run(toolchain.gcc, ['--version'], 'avr-gcc --version')).split('\n')[0]?.trim() ?? '';
  const probe = path.join(workDir, 'avr-libc-version.c');
  await writeFile(probe, '#include <avr/version.h>\nAVR_LIBC __AVR_LIBC_VERSION_STRING__\n');
  const expanded = await run(toolchain.gcc, ['-E', '-P', probe], 'Reading the avr-libc version');
  const avrLibc = /^AVR_LIBC "([^"]+)"/m.exec(expanded)?.[1];
  const platform = await readFile(path.join(toolchain.core, 'platform.txt'), 'utf8');
  const name = /^name=(.*)$/m.exec(platform)?.[1]?.trim();
  const version = /^version=(.*)$/m.exec(platform)?.[1]?.trim();
  if (!compiler || !avrLibc || !name || !version) {
    throw new Error(`Could not read the toolchain's versions (avr-gcc, avr-libc, ${toolchain.core}/platform.txt)`);
  }
  return { compiler, avrLibc, core: `${name} ${version}` };
}

export function boardDefines(board: Board): string[] {
  return [
    `-mmcu=${BOARD_CHIPS[board].mcu}`,
    '-DF_CPU=16000000L',
    '-DARDUINO=10807',
    `-D${BOARD_FLAGS[board].define}`,
    '-DARDUINO_ARCH_AVR',
  ];
}

export function includeFlags(toolchain: Toolchain, board: Board): string[] {
  const { core } = toolchain;
  return [
    `-I${core}/cores/arduino`,
    `-I${core}/variants/${BOARD_FLAGS[board].variant}`,
    ...BUNDLED_LIBRARIES.flatMap((lib) => [`-I${core}/libraries/${lib}/src`, `-I${core}/libraries/${lib}/src/utility`]),
  ];
}

const C_FLAGS = ['-c', '-Os', '-g0', '-std=gnu11', '-ffunction-sections', '-fdata-sections'];
export const CXX_FLAGS = [
  '-c',
  '-Os',
  '-g0',
  '-std=gnu++11',
  '-fno-exceptions',
  '-ffunction-sections',
  '-fdata-sections',
  '-fno-threadsafe-statics',
];
const ASM_FLAGS = ['-c', '-g0', '-x', 'assembler-with-cpp'];

/** The compile of one source file of the core or a bundled library; its warnings are the core's business. */
function coreCompile(toolchain: Toolchain, board: Board, source: string, object: string): [string, string[]] {
  const common = [...boardDefines(board), ...includeFlags(toolchain, board), source, '-o', object];
  if (source.endsWith('.c')) return [toolchain.gcc, [...C_FLAGS, ...common]];
  if (source.endsWith('.S')) return [toolchain.gcc, [...ASM_FLAGS, ...common]];
  // GCC 5's float.h leaves DECIMAL_DIG out in C++11, and WString.cpp needs it.
  return [toolchain.gxx, [...CXX_FLAGS, '-fpermissive', '-DDECIMAL_DIG=__DECIMAL_DIG__', ...common]];
}

/** The sketch's compile: strict, as the tutorials promise a learner no warnings. */
export function sketchCompileArgs(toolchain: Toolchain, board: Board, sketch: string, object: string): string[] {
  return [
    ...CXX_FLAGS,
    '-Wall',
    '-Werror',
    '-Wno-builtin-macro-redefined',
    `-D__DATE__="${COMPILED_AT.date}"`,
    `-D__TIME__="${COMPILED_AT.time}"`,
    ...boardDefines(board),
    ...includeFlags(toolchain, board),
    '-x',
    'c++',
    '-include',
    'Arduino.h',
    sketch,
    '-o',
    object,
  ];
}

/** Runs `work` on every item, as many at once as the machine has cores, in the items' order. */
async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), items.length) }, worker));
  return results;
}

async function sourcesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names
    .filter((name) => /\.(?:c|cpp|S)$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Compiles the core and the bundled libraries for a board into `<workDir>/<board>/core.a`, which
 * every sketch for that board links with.
 */
export async function buildCoreArchive(toolchain: Toolchain, board: Board, workDir: string): Promise<string> {
  const dir = path.join(workDir, board);
  await mkdir(dir, { recursive: true });
  const { core } = toolchain;
  const folders = [
    { name: 'core', dir: path.join(core, 'cores', 'arduino') },
    ...BUNDLED_LIBRARIES.flatMap((lib) => [
      { name: lib, dir: path.join(core, 'libraries', lib, 'src') },
      { name: `${lib}-utility`, dir: path.join(core, 'libraries', lib, 'src', 'utility') },
    ]),
  ];
  const sources: { name: string; file: string }[] = [];
  for (const folder of folders) {
    const files = await sourcesIn(folder.dir).catch(() => []);
    for (const file of files) sources.push({ name: folder.name, file });
  }
  const objects = await inParallel(sources, async ({ name, file }) => {
    const object = path.join(dir, `${name}-${path.basename(file)}.o`);
    const [tool, args] = coreCompile(toolchain, board, file, object);
    await run(tool, args, `Compiling ${file} for the ${BOARD_NAMES[board]}`);
    return object;
  });
  const archive = path.join(dir, 'core.a');
  // D: no dates or owners in the archive, so every instance that builds it gets the same bytes (and cache key).
  await run(toolchain.ar, ['rcsD', archive, ...objects], `Archiving the core for the ${BOARD_NAMES[board]}`);
  return archive;
}

/** A section's size from `avr-size -A`, 0 when the program has none. */
function sectionSize(sizes: string, section: string): number {
  const line = sizes.split('\n').find((l) => l.startsWith(`${section} `));
  return line ? Number(line.trim().split(/\s+/)[1]) : 0;
}

/** The clock variables' data-space addresses and sizes, from `avr-nm -S`. */
function clockVariables(symbols: string, slug: string): SketchBuild['clock'] {
  const found = (name: string) => {
    const matches = [...symbols.matchAll(new RegExp(`^([0-9a-f]+) ([0-9a-f]+) [bBdD] ${name}$`, 'gm'))];
    const match = matches[0];
    if (matches.length !== 1 || !match) {
      throw new Error(`${slug}.elf has ${matches.length} symbols named ${name} in RAM; expected one`);
    }
    return {
      address: Number.parseInt(match[1] ?? '', 16) - DATA_SPACE_OFFSET,
      size: Number.parseInt(match[2] ?? '', 16),
    };
  };
  return { timer0_millis: found(CLOCK_VARIABLES[0]), timer0_overflow_count: found(CLOCK_VARIABLES[1]) };
}

export const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

export interface BuiltSketch {
  /** The Intel HEX file's text. */
  readonly hex: string;
  readonly build: SketchBuild;
}

/** Compiles one sketch and links it with its board's core archive into `<workDir>/<slug>/`. */
export async function buildSketch(
  toolchain: Toolchain,
  { slug, board }: { slug: string; board: Board },
  archive: string,
  workDir: string,
): Promise<BuiltSketch> {
  const dir = path.join(workDir, slug);
  await mkdir(dir, { recursive: true });
  const sketch = sketchFileOf(slug);
  const { mcu } = BOARD_CHIPS[board];
  const fileOf = (ext: string) => path.join(dir, `${slug}.${ext}`);
  const [object, elf, hexFile] = [fileOf('o'), fileOf('elf'), fileOf('hex')];
  const where = `${slug}.ino for the ${BOARD_NAMES[board]}`;
  await run(toolchain.gxx, sketchCompileArgs(toolchain, board, sketch, object), `Compiling ${where}`);
  await run(
    toolchain.gcc,
    ['-Os', '-g0', '-Wl,--gc-sections', `-mmcu=${mcu}`, '-o', elf, object, archive, '-lm'],
    `Linking ${where}`,
  );
  await run(toolchain.objcopy, ['-O', 'ihex', '-R', '.eeprom', elf, hexFile], `Writing ${slug}.hex`);
  const sizes = await run(toolchain.size, ['-A', elf], `Measuring ${slug}.elf`);
  const symbols = await run(toolchain.nm, ['-S', elf], `Reading the symbols of ${slug}.elf`);
  const hex = await readFile(hexFile, 'utf8');
  return {
    hex,
    build: {
      board,
      mcu,
      inoSha256: sha256(await readFile(sketch)),
      hexSha256: sha256(hex),
      flashBytes: sectionSize(sizes, '.text') + sectionSize(sizes, '.data'),
      ramBytes: sectionSize(sizes, '.data') + sectionSize(sizes, '.bss') + sectionSize(sizes, '.noinit'),
      clock: clockVariables(symbols, slug),
    },
  };
}

/** Builds every tutorial's sketch in `workDir`: the files and the record that goes with them. */
export async function buildAllSketches(
  toolchain: Toolchain,
  workDir: string,
): Promise<{ record: HexRecord; hexFiles: ReadonlyMap<string, string> }> {
  const boards = [...new Set(PROJECTS.map((p) => p.board))];
  const archives = new Map<Board, string>();
  for (const board of boards) archives.set(board, await buildCoreArchive(toolchain, board, workDir));
  const built = await inParallel(PROJECTS, (project) =>
    buildSketch(toolchain, project, archives.get(project.board) ?? '', workDir),
  );
  const sketches: Record<string, SketchBuild> = {};
  const hexFiles = new Map<string, string>();
  PROJECTS.forEach((project, index) => {
    const result = built[index];
    if (!result) return;
    sketches[project.slug] = result.build;
    hexFiles.set(project.slug, result.hex);
  });
  const record: HexRecord = {
    toolchain: await toolchainVersions(toolchain, workDir),
    compiledAt: COMPILED_AT,
    sketches,
  };
  return { record, hexFiles };
}

/** The record as the repository keeps it. */
export const formatHexRecord = (record: HexRecord) => `${JSON.stringify(record, null, 2)}\n`;

/** "5,080 of 32,256 bytes (16 %)" */
export function flashUse(build: SketchBuild): string {
  const limit = BOARD_CHIPS[build.board].flashBytes;
  const percent = Math.round((build.flashBytes / limit) * 100);
  return `${build.flashBytes.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} bytes (${percent} %)`;
}
