import { createHash } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOARD_CHIPS } from '#shared/content/boards.ts';
import { BOARD_NAMES, type Board } from '#shared/content/projects.ts';
import type { CompiledSketch, Diagnostic } from '#shared/schemas/sketch-compile.ts';
import {
  boardDefines,
  buildCoreArchive,
  COMPILED_AT,
  CXX_FLAGS,
  INSTALL_HINT,
  includeFlags,
  type Toolchain,
  toolchainOf,
  toolchainProblem,
  toolchainVersions,
} from '../../../scripts/sketches/build-hex.ts';
import { parseDiagnostics, withoutPaths } from './diagnostics.ts';
import {
  DEFAULT_SANDBOX_LIMITS,
  runInSandbox,
  type SandboxLimits,
  type SandboxMode,
  type SandboxPlaces,
} from './sandbox.ts';
import { translationUnit } from './sketch-source.ts';

/*
 * The compile service's toolchain: the same avr-g++, core and flags as `npm run sketches`, with the
 * core (and the libraries bundled with it) built once per board into an archive, so a compile is
 * the learner's one file and a link (docs/compile-service.md). The core is ours to trust and is
 * built outside the sandbox; the learner's file is compiled and linked only inside it (sandbox.ts).
 */

export interface CompilerSettings {
  readonly sandbox: SandboxMode;
  /** avr-g++ (`AVR_GXX`); its siblings are found beside it. */
  readonly compiler: string;
  /** The Arduino AVR core (`ARDUINO_AVR_CORE`). */
  readonly core: string;
  /** Where the prepared archives live; the machine's temporary folder by default (shared by instances). */
  readonly workRoot?: string;
  readonly limits?: SandboxLimits;
}

/** What a compile gives: the program, or what the learner can fix. */
export type CompileOutcome =
  | { readonly ok: true; readonly sketch: Omit<CompiledSketch, 'cached'> }
  | { readonly ok: false; readonly message: string; readonly diagnostics: Diagnostic[] };

/** Our own libraries with the public API of the ones learners copy code for (README there). */
const LIBRARIES_DIR_CANDIDATES = [
  // The sources (tests, `npm run dev:server`): beside this file.
  path.resolve(import.meta.dirname, 'libraries'),
  // The bundled server (build/server-app/server.js).
  path.resolve(import.meta.dirname, '..', '..', 'src', 'server', 'compile', 'libraries'),
];

/** Our libraries' folder, or null where a build ships none (then only the core's own are there). */
async function librariesDir(): Promise<string | null> {
  for (const candidate of LIBRARIES_DIR_CANDIDATES) {
    if (
      await stat(candidate).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      return candidate;
  }
  return null;
}

/** The names of the library folders, each on the include path. */
async function libraryNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every file under `dir`, hashed with its relative path: our libraries' part of the cache key. */
async function treeDigest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash
      .update(path.relative(dir, file))
      .update('\0')
      .update(await readFile(file));
  return hash.digest('hex');
}

/** The flags' own version: change it when the learner's compile changes in a way the toolchain's versions do not say. */
const FLAGS_VERSION = 'learner-1';

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** Sizes of sections from `avr-size -A`. */
function sectionSize(sizes: string, section: string): number {
  const line = sizes.split('\n').find((l) => l.startsWith(`${section} `));
  return line ? Number(line.trim().split(/\s+/)[1]) : 0;
}

/** Where RAM starts in the ELF's address space; avr8js's data space is the ELF address minus this. */
const DATA_SPACE_OFFSET = 0x80_0000;

function symbolAddress(symbols: string, name: string): number | null {
  const match = new RegExp(`^([0-9a-f]+) [0-9a-f]+ [bBdD] ${name}$`, 'm').exec(symbols);
  return match?.[1] ? Number.parseInt(match[1], 16) - DATA_SPACE_OFFSET : null;
}

const MARK = { size: '@@roboforge-size', symbols: '@@roboforge-symbols', hex: '@@roboforge-hex' } as const;

export class SketchCompiler {
  readonly #settings: CompilerSettings;
  readonly #toolchain: Toolchain;
  /** Per board: the prepared folder holding `<board>/core.a` and `libraries/`. */
  readonly #prepared = new Map<Board, Promise<string>>();
  #identity: Promise<{ key: string; root: string; libraries: string[] }> | null = null;

  constructor(settings: CompilerSettings) {
    this.#settings = settings;
    this.#toolchain = toolchainOf({ compiler: settings.compiler, core: settings.core });
  }

  get sandbox(): SandboxMode {
    return this.#settings.sandbox;
  }

  /**
   * Why compiling cannot work here, in one sentence for the log and the page, or null when it can:
   * the toolchain runs, and the sandbox starts (a container without user namespaces cannot).
   */
  async problem(): Promise<string | null> {
    const toolchain = await toolchainProblem(this.#toolchain);
    if (toolchain) return `The Arduino compiler is not installed on this server (${INSTALL_HINT}).`;
    if (this.#settings.sandbox === 'off') return null;
    // The sandbox as every compile uses it, with a script that only says it ran.
    try {
      const run = await runInSandbox(() => 'echo sandboxed', '', {
        mode: 'bubblewrap',
        mounts: { core: this.#settings.core, build: this.#settings.core },
      });
      if (run.exitCode !== 0 || run.stdout.trim() !== 'sandboxed') throw new Error(run.stderr.trim().split('\n')[0]);
    } catch (error) {
      return `The compile sandbox (bubblewrap) cannot run here (${(error as Error).message}): install bubblewrap and util-linux's prlimit, or allow user namespaces. Only a server for one trusted user may set COMPILE_SANDBOX=off.`;
    }
    // And with the folder every compile mounts: the sandbox's user must be able to enter it.
    try {
      const { root } = await this.#ready();
      const run = await runInSandbox(() => 'ls /arduino/build/libraries > /dev/null && echo sandboxed', '', {
        mode: 'bubblewrap',
        mounts: { core: this.#settings.core, build: root },
      });
      if (run.exitCode !== 0 || run.stdout.trim() !== 'sandboxed') throw new Error(run.stderr.trim().split('\n')[0]);
    } catch {
      return 'The compile sandbox cannot read its work folder: the temporary folder (TMPDIR) must be one other users may enter.';
    }
    return null;
  }

  /** What decides the bytes: the toolchain's versions, our libraries and the flags. Part of the cache key. */
  async toolchainKey(): Promise<string> {
    return (await this.#ready()).key;
  }

  #ready() {
    this.#identity ??= (async () => {
      const libraries = await librariesDir();
      const probe = await mkdtemp(path.join(tmpdir(), 'roboforge-toolchain-'));
      try {
        const versions = await toolchainVersions(this.#toolchain, probe);
        const key = createHash('sha256')
          .update(
            JSON.stringify({
              versions,
              libraries: libraries ? await treeDigest(libraries) : null,
              FLAGS_VERSION,
              COMPILED_AT,
            }),
          )
          .digest('hex');
        const root = path.join(this.#settings.workRoot ?? tmpdir(), `roboforge-compile-${key.slice(0, 16)}`);
        await mkdir(root, { recursive: true, mode: 0o755 });
        await chmod(root, 0o755);
        // The sandbox's user must read what is mounted: a copy of the libraries beside the archives.
        await this.#onceInto(path.join(root, 'libraries'), (dir) =>
          libraries ? cp(libraries, dir, { recursive: true }) : mkdir(dir, { recursive: true }),
        );
        return { key, root, libraries: await libraryNames(path.join(root, 'libraries')) };
      } finally {
        await rm(probe, { recursive: true, force: true });
      }
    })();
    return this.#identity;
  }

  /** Makes `target` with `make` once: in a folder of its own, renamed into place (another instance may be doing the same). */
  async #onceInto(target: string, make: (dir: string) => Promise<unknown>) {
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      return;
    const draft = `${target}.${process.pid}.${Date.now()}`;
    await make(draft);
    await chmodTree(draft);
    await rename(draft, target).catch(async (error: NodeJS.ErrnoException) => {
      await rm(draft, { recursive: true, force: true });
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  }

  /** The board's core archive, built on first use (a few seconds), then kept. */
  prepare(board: Board): Promise<string> {
    let prepared = this.#prepared.get(board);
    if (!prepared) {
      prepared = (async () => {
        const { root } = await this.#ready();
        await this.#onceInto(path.join(root, board), async (dir) => {
          const work = await mkdtemp(path.join(tmpdir(), 'roboforge-core-'));
          try {
            const archive = await buildCoreArchive(this.#toolchain, board, work);
            await mkdir(dir, { recursive: true });
            await cp(archive, path.join(dir, 'core.a'));
          } finally {
            await rm(work, { recursive: true, force: true });
          }
        });
        return root;
      })();
      // A failed build is tried again next time.
      prepared.catch(() => this.#prepared.delete(board));
      this.#prepared.set(board, prepared);
    }
    return prepared;
  }

  /** The script the sandbox runs: compile the sketch on standard input, link, and print the program. */
  #script(board: Board, libraries: readonly string[]) {
    return ({ core, build, scratch }: SandboxPlaces) => {
      const tools = toolchainOf({ compiler: 'avr-g++', core });
      const compile = [
        'avr-g++',
        ...CXX_FLAGS,
        '-Wall',
        '-fmax-errors=20',
        '-fno-diagnostics-show-caret',
        '-fdiagnostics-color=never',
        '-Wno-builtin-macro-redefined',
        `-D__DATE__="${COMPILED_AT.date}"`,
        `-D__TIME__="${COMPILED_AT.time}"`,
        ...boardDefines(board),
        ...includeFlags(tools, board),
        ...libraries.map((name) => `-I${build}/libraries/${name}`),
        '-x',
        'c++',
        'sketch.cpp',
        '-o',
        'sketch.o',
      ];
      const link = [
        'avr-gcc',
        '-Os',
        '-g0',
        '-Wl,--gc-sections',
        `-mmcu=${BOARD_CHIPS[board].mcu}`,
        '-o',
        'sketch.elf',
        'sketch.o',
        `${build}/${board}/core.a`,
        '-lm',
      ];
      const q = (args: string[]) => args.map(shellQuote).join(' ');
      return [
        `cd ${shellQuote(scratch)} || exit 90`,
        'cat > sketch.cpp || exit 90',
        `${q(compile)} || exit 1`,
        `${q(link)} || exit 1`,
        'avr-objcopy -O ihex -R .eeprom sketch.elf sketch.hex || exit 1',
        `echo ${MARK.size}`,
        'avr-size -A sketch.elf',
        `echo ${MARK.symbols}`,
        "avr-nm -S sketch.elf | grep -E ' timer0_(millis|overflow_count)$'",
        `echo ${MARK.hex}`,
        'cat sketch.hex',
      ].join('\n');
    };
  }

  /** Compiles one sketch for a board in the sandbox. Rejects only when the service itself fails. */
  async compile(board: Board, source: string): Promise<CompileOutcome> {
    const [{ libraries }, build] = await Promise.all([this.#ready(), this.prepare(board)]);
    const limits = this.#settings.limits ?? DEFAULT_SANDBOX_LIMITS;
    const run = await runInSandbox(this.#script(board, libraries), translationUnit(source), {
      mode: this.#settings.sandbox,
      mounts: { core: this.#settings.core, build },
      limits,
    });
    if (run.stopped === 'time') {
      return {
        ok: false,
        message: `Compiling took longer than ${limits.wallMs / 1000} s and was stopped. Is something in the program repeating itself for ever (a file including itself, a template calling itself)?`,
        diagnostics: [],
      };
    }
    const diagnostics = parseDiagnostics(run.stderr);
    const warnings = diagnostics.filter((d) => d.severity === 'warning');
    if (run.stopped === 'output') {
      return {
        ok: false,
        message:
          'The compiler had far too much to say about this program and was stopped. The first messages are below.',
        diagnostics,
      };
    }
    // The sandbox itself failed (a mount, a namespace): the server's fault, never the learner's code.
    if (run.exitCode === 90 || /^bwrap: /m.test(run.stderr)) {
      throw new Error(`The compile sandbox did not start: ${run.stderr.trim().slice(0, 500)}`);
    }
    if (run.exitCode !== 0) {
      const errors = diagnostics.filter((d) => d.severity === 'error');
      return {
        ok: false,
        message:
          errors.length > 0
            ? `The program has ${errors.length === 1 ? 'an error' : `${errors.length} errors`}.`
            : 'The program did not compile.',
        diagnostics: errors.length > 0 ? diagnostics : [...diagnostics, ...unplacedFailure(run.stderr)],
      };
    }
    return this.#programFrom(board, run.stdout, warnings);
  }

  #programFrom(board: Board, stdout: string, warnings: Diagnostic[]): CompileOutcome {
    const sizes = between(stdout, MARK.size, MARK.symbols);
    const symbols = between(stdout, MARK.symbols, MARK.hex);
    const hex = stdout.slice(stdout.indexOf(MARK.hex) + MARK.hex.length).trimStart();
    const flash = sectionSize(sizes, '.text') + sectionSize(sizes, '.data');
    const ram = sectionSize(sizes, '.data') + sectionSize(sizes, '.bss') + sectionSize(sizes, '.noinit');
    const millis = symbolAddress(symbols, 'timer0_millis');
    const overflowCount = symbolAddress(symbols, 'timer0_overflow_count');
    if (!hex.startsWith(':') || millis === null || overflowCount === null) {
      throw new Error('The compile sandbox printed no program');
    }
    const limit = BOARD_CHIPS[board].flashBytes;
    if (flash > limit) {
      return {
        ok: false,
        message: `The program is ${flash.toLocaleString('en-US')} bytes; the ${BOARD_NAMES[board]} holds ${limit.toLocaleString('en-US')}. Make it smaller.`,
        diagnostics: [],
      };
    }
    return { ok: true, sketch: { hex, size: { flash, ram }, warnings, clock: { millis, overflowCount } } };
  }
}

/** What failed when the compiler named no line: its last words, without paths. */
function unplacedFailure(stderr: string): Diagnostic[] {
  const last = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('collect2'))
    .at(-1);
  return last ? [{ line: 1, column: 0, severity: 'error', message: withoutPaths(last) }] : [];
}

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from === -1 || to === -1 ? '' : text.slice(from + start.length, to);
}

/** Everything readable by the sandbox's user (mkdtemp makes 0700 folders). */
async function chmodTree(dir: string) {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}
