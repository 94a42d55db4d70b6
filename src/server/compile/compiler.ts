import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOARD_CHIPS } from '#shared/content/boards.ts';
import { BOARD_NAMES, type Board } from '#shared/content/projects.ts';
import type { CompiledSketch, Diagnostic, SketchTab } from '#shared/schemas/sketch-compile.ts';
import {
  BUNDLED_LIBRARIES,
  boardDefines,
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
import { ElfError, globalVariable, readAvrElf, sectionSize } from './elf.ts';
import {
  DEFAULT_SANDBOX_LIMITS,
  runInSandbox,
  type SandboxJob,
  type SandboxLimits,
  type SandboxMode,
  type SandboxPlaces,
} from './sandbox.ts';
import { type SandboxFiles, sandboxFiles } from './sandbox-files.ts';
import { translationUnit } from './sketch-source.ts';
import { CompileWorkspace, treeDigest, type Workspace } from './workspace.ts';

/*
 * The compile service's toolchain: the same avr-g++, core and flags as `npm run sketches`, with the
 * core (and the libraries bundled with it) built once per board into an archive, so a compile is
 * the learner's one file and a link (docs/compile-service.md). The core is ours to trust and is
 * built outside the sandbox; the learner's file is compiled and linked only inside it (sandbox.ts).
 *
 * What the sandbox mounts besides the toolchain is a workspace only this process can change
 * (workspace.ts); the cache key hashes its files as they are mounted, so a changed file can never
 * serve an old program. The program comes back as its ELF file, read here (elf.ts).
 */

export interface CompilerSettings {
  readonly sandbox: SandboxMode;
  /** avr-g++ (`AVR_GXX`); its siblings are found beside it. */
  readonly compiler: string;
  /** The Arduino AVR core (`ARDUINO_AVR_CORE`). */
  readonly core: string;
  /** Where the workspace is made; the machine's temporary folder by default. */
  readonly workRoot?: string;
  readonly limits?: SandboxLimits;
  /** Our libraries' folder; found beside the sources or the bundle when not given. */
  readonly libraries?: string;
}

/** What a compile gives: the program, or what the learner can fix. */
export type CompileOutcome =
  | { readonly ok: true; readonly sketch: Omit<CompiledSketch, 'cached'> }
  | { readonly ok: false; readonly message: string; readonly diagnostics: Diagnostic[] };

/** How a scheduler takes part in one compile (compile-queue.ts): it may pause it, or call it off. */
export interface CompileTurn {
  readonly signal?: AbortSignal;
  readonly onStart?: (job: SandboxJob) => void;
}

/** The compile service itself failed (the sandbox, the workspace): never the learner's doing. */
export class CompilerFailure extends Error {}

/** The flags' own version: change it when the learner's compile changes in a way the toolchain's versions do not say. */
const FLAGS_VERSION = 'learner-3';

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** What `__TIMESTAMP__` says in every build: the same fixed moment as `__DATE__` and `__TIME__`. */
const COMPILED_TIMESTAMP = `Thu ${COMPILED_AT.date.slice(0, 6)} ${COMPILED_AT.time} ${COMPILED_AT.date.slice(7)}`;

/** Where RAM starts in the ELF's address space; avr8js's data space is the ELF address minus this. */
const DATA_SPACE_OFFSET = 0x80_0000;

/** An Intel HEX file as avr-objcopy writes it: records of hex digits, the end record last. */
function isIntelHex(text: string): boolean {
  const lines = text.trimEnd().split(/\r?\n/);
  return lines.at(-1) === ':00000001FF' && lines.every((line) => /^:[0-9A-F]{10,}$/.test(line));
}

interface Identity {
  /** The toolchain's versions, the core's files, the flags: the fixed part of every key. */
  readonly fixed: string;
  readonly files: SandboxFiles;
}

export class SketchCompiler {
  readonly #settings: CompilerSettings;
  readonly #toolchain: Toolchain;
  readonly #workspace: CompileWorkspace;
  #identity: Promise<Identity> | null = null;

  constructor(settings: CompilerSettings) {
    this.#settings = settings;
    this.#toolchain = toolchainOf({ compiler: settings.compiler, core: settings.core });
    this.#workspace = new CompileWorkspace({
      toolchain: this.#toolchain,
      ...(settings.workRoot ? { workRoot: settings.workRoot } : {}),
      ...(settings.libraries ? { libraries: settings.libraries } : {}),
    });
  }

  get sandbox(): SandboxMode {
    return this.#settings.sandbox;
  }

  get limits(): SandboxLimits {
    return this.#settings.limits ?? DEFAULT_SANDBOX_LIMITS;
  }

  /**
   * Why compiling cannot work here, in one sentence for the log and the page, or null when it can:
   * the toolchain runs, the sandbox starts (a container without user namespaces cannot), and the
   * sandbox's user can enter the workspace. Asked again after a failure (compile-service.ts).
   */
  async problem(): Promise<string | null> {
    const toolchain = await toolchainProblem(this.#toolchain);
    if (toolchain) return `The Arduino compiler is not installed on this server (${INSTALL_HINT}).`;
    let files: SandboxFiles;
    try {
      files = (await this.#ready()).files;
    } catch {
      this.#identity = null;
      return 'The compile service could not find the files of the Arduino compiler on this server.';
    }
    if (this.#settings.sandbox === 'off') return null;
    // The sandbox as every compile uses it, with a script that only says it ran.
    const empty = await mkdtemp(path.join(tmpdir(), 'roboforge-sandbox-check-'));
    try {
      await chmod(empty, 0o755);
      const run = await runInSandbox(() => 'echo sandboxed', '', {
        mode: 'bubblewrap',
        mounts: { core: this.#settings.core, build: empty, files },
      });
      if (run.exitCode !== 0 || run.stdout.trim() !== 'sandboxed') throw new Error(run.stderr.trim().split('\n')[0]);
    } catch (error) {
      return `The compile sandbox (bubblewrap) cannot run here (${(error as Error).message}): install bubblewrap and util-linux's prlimit, or allow user namespaces. Only a server for one trusted user may set COMPILE_SANDBOX=off.`;
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
    // And with the workspace every compile mounts: the sandbox's user must be able to enter it.
    try {
      const { root } = await this.#workspace.current();
      const run = await runInSandbox(() => 'cd /arduino/build/libraries && echo sandboxed', '', {
        mode: 'bubblewrap',
        mounts: { core: this.#settings.core, build: root, files },
      });
      if (run.exitCode !== 0 || run.stdout.trim() !== 'sandboxed') throw new Error(run.stderr.trim().split('\n')[0]);
    } catch {
      return 'The compile sandbox cannot read its work folder: the temporary folder (TMPDIR) must be one other users may enter.';
    }
    return null;
  }

  /** The toolchain's identity and files, worked out once. */
  #ready(): Promise<Identity> {
    this.#identity ??= (async () => {
      const probe = await mkdtemp(path.join(tmpdir(), 'roboforge-toolchain-'));
      try {
        const versions = await toolchainVersions(this.#toolchain, probe);
        const core = await Promise.all(
          ['cores', 'variants', 'libraries'].map((folder) => treeDigest(path.join(this.#settings.core, folder))),
        );
        const fixed = JSON.stringify({ versions, core, FLAGS_VERSION, COMPILED_AT, COMPILED_TIMESTAMP });
        return { fixed, files: await sandboxFiles(this.#toolchain) };
      } finally {
        await rm(probe, { recursive: true, force: true });
      }
    })();
    this.#identity.catch(() => {
      this.#identity = null;
    });
    return this.#identity;
  }

  /**
   * What decides a board's bytes, part of the cache key: the toolchain's versions, the core's
   * files, the flags, and the files the sandbox will mount (the board's archive, our headers),
   * hashed as they are now.
   */
  async toolchainKey(board: Board): Promise<string> {
    return (await this.#keyed(board)).key;
  }

  async #keyed(board: Board): Promise<{ key: string; workspace: Workspace; files: SandboxFiles }> {
    const [{ fixed, files }, workspace] = await Promise.all([this.#ready(), this.#workspace.prepared(board)]);
    const mounted = await this.#workspace.digest(workspace, board);
    const key = createHash('sha256').update(`${board}\0${fixed}\0${mounted}`).digest('hex');
    return { key, workspace, files };
  }

  /** Removes the workspace (the server is closing). */
  close(): Promise<void> {
    return this.#workspace.close();
  }

  /** The script the sandbox runs: compile the sketch on standard input, link, and hand over the program. */
  #script(board: Board, libraries: readonly string[], tabs: readonly SketchTab[]) {
    const written = tabs.filter((tab) => !tab.name.endsWith('.ino'));
    const sources = written.filter((tab) => tab.name.endsWith('.cpp'));
    return ({ core, build, scratch, programs }: SandboxPlaces) => {
      const tools = toolchainOf({ compiler: programs.gxx, core });
      // One translation unit: the sketch with its .ino tabs; each .cpp tab is another, as in the IDE.
      const compile = (file: string, object: string) => [
        programs.gxx,
        ...CXX_FLAGS,
        // As the Arduino AVR platform's platform.txt compiles a sketch, so code from the web compiles
        // here as in the IDE (narrowing `char p[] = {0x80}` is a warning there). Left out: -flto (the
        // core's clock variables must keep their names), -g (no debugger reads it), -MMD (no rebuilds).
        '-fpermissive',
        '-Wno-error=narrowing',
        '-Wall',
        '-fmax-errors=20',
        '-fno-diagnostics-show-caret',
        '-fdiagnostics-color=never',
        '-Wno-builtin-macro-redefined',
        `-D__DATE__="${COMPILED_AT.date}"`,
        `-D__TIME__="${COMPILED_AT.time}"`,
        `-D__TIMESTAMP__="${COMPILED_TIMESTAMP}"`,
        ...boardDefines(board),
        ...includeFlags(tools, board),
        ...libraries.map((name) => `-I${build}/libraries/${name}`),
        '-x',
        'c++',
        file,
        '-o',
        object,
      ];
      const objects = sources.map((tab) => `${tab.name.slice(0, -'.cpp'.length)}.cpp.o`);
      const link = [
        programs.gcc,
        '-Os',
        '-g0',
        '-Wl,--gc-sections',
        `-mmcu=${BOARD_CHIPS[board].mcu}`,
        '-o',
        'sketch.elf',
        'sketch.o',
        ...objects,
        `${build}/${board}/core.a`,
        '-lm',
      ];
      const hex = [programs.objcopy, '-O', 'ihex', '-R', '.eeprom', 'sketch.elf', 'sketch.hex'];
      const q = (args: string[]) => args.map(shellQuote).join(' ');
      // What the tools print (the assembler's `.print` too) goes to standard error, with the
      // compiler's messages; only the files the tools wrote reach standard output and descriptor 3.
      const step = (args: string[]) => `${q(args)} >&2 3>&- || exit 1`;
      return [
        `cd ${shellQuote(scratch)} || exit 90`,
        `${shellQuote(programs.cat)} > sketch.cpp || exit 90`,
        ...written.map((tab) => writeFile(programs.cat, tab)),
        // Every translation unit is compiled, so the learner hears of the mistakes in each.
        'failed=0',
        `${q(compile('sketch.cpp', 'sketch.o'))} >&2 3>&- || failed=1`,
        ...sources.map((tab, i) => `${q(compile(tab.name, objects[i] ?? ''))} >&2 3>&- || failed=1`),
        '[ "$failed" = 0 ] || exit 1',
        step(link),
        step(hex),
        `${shellQuote(programs.cat)} sketch.elf >&3 || exit 90`,
        `${shellQuote(programs.cat)} sketch.hex || exit 90`,
      ].join('\n');
    };
  }

  /**
   * Compiles one sketch (with its tabs) for a board in the sandbox. Rejects with CompilerFailure when
   * the service itself fails.
   */
  async compile(
    board: Board,
    source: string,
    turn: CompileTurn = {},
    tabs: readonly SketchTab[] = [],
  ): Promise<CompileOutcome> {
    const { workspace, files } = await this.#keyed(board);
    const limits = this.limits;
    const unit = translationUnit(
      source,
      tabs.filter((tab) => tab.name.endsWith('.ino')),
    );
    const run = await runInSandbox(this.#script(board, workspace.libraries, tabs), unit, {
      mode: this.#settings.sandbox,
      mounts: { core: this.#settings.core, build: workspace.root, files },
      limits,
      ...turn,
    });
    if (run.stopped === 'aborted') throw turn.signal?.reason ?? new Error('The compile was called off');
    if (run.stopped === 'time') {
      return {
        ok: false,
        message: `Compiling took longer than ${limits.wallMs / 1000} s and was stopped. Is something in the program repeating itself for ever (a file including itself, a template calling itself)?`,
        diagnostics: [],
      };
    }
    const diagnostics = parseDiagnostics(
      run.stderr,
      50,
      tabs.map((tab) => tab.name),
    );
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
    if (run.exitCode === 90 || run.stderr.startsWith('bwrap: ') || run.stderr.includes('\nbwrap: ')) {
      this.#workspace.forget();
      throw new CompilerFailure(`The compile sandbox did not start: ${run.stderr.trim().slice(0, 500)}`);
    }
    if (run.exitCode !== 0) {
      const errors = diagnostics.filter((d) => d.severity === 'error');
      return {
        ok: false,
        message:
          errors.length > 0
            ? `The program has ${errors.length === 1 ? 'an error' : `${errors.length} errors`}.`
            : 'The program did not compile.',
        diagnostics: (errors.length > 0 ? diagnostics : [...diagnostics, ...unplacedFailure(run.stderr)]).map(
          (diagnostic) => missingLibrary(diagnostic, workspace.libraries),
        ),
      };
    }
    return programFrom(board, run.program, run.stdout, warnings);
  }
}

/** The program's figures, read from its ELF file and checked against its HEX file. */
function programFrom(board: Board, program: Buffer, hex: string, warnings: Diagnostic[]): CompileOutcome {
  let elf: ReturnType<typeof readAvrElf>;
  try {
    elf = readAvrElf(program);
  } catch (error) {
    if (error instanceof ElfError) throw new CompilerFailure(`The compile sandbox gave no program: ${error.message}`);
    throw error;
  }
  const millis = globalVariable(elf, 'timer0_millis');
  const overflowCount = globalVariable(elf, 'timer0_overflow_count');
  if (!isIntelHex(hex) || millis === null || overflowCount === null) {
    throw new CompilerFailure('The compile sandbox gave no program');
  }
  const flash = sectionSize(elf, '.text') + sectionSize(elf, '.data');
  const ram = sectionSize(elf, '.data') + sectionSize(elf, '.bss') + sectionSize(elf, '.noinit');
  const limit = BOARD_CHIPS[board].flashBytes;
  if (flash > limit) {
    return {
      ok: false,
      message: `The program is ${flash.toLocaleString('en-US')} bytes; the ${BOARD_NAMES[board]} holds ${limit.toLocaleString('en-US')}. Make it smaller.`,
      diagnostics: [],
    };
  }
  return {
    ok: true,
    sketch: {
      hex,
      size: { flash, ram },
      warnings,
      clock: { millis: millis.value - DATA_SPACE_OFFSET, overflowCount: overflowCount.value - DATA_SPACE_OFFSET },
    },
  };
}

/**
 * The shell line that writes a tab into the sandbox's folder: a here-document whose end marker is
 * random and in no line of the tab, quoted so nothing in it is expanded. The name is one the schema
 * allows (letters, digits, `_`, an extension), quoted all the same.
 */
function writeFile(cat: string, tab: SketchTab): string {
  let end = '';
  do end = `ROBOFORGE_${randomBytes(12).toString('hex')}`;
  while (tab.source.includes(end));
  return `${shellQuote(cat)} > ${shellQuote(tab.name)} <<'${end}' || exit 90\n${tab.source}\n${end}`;
}

/** `Foo.h: No such file or directory`, for a header a sketch includes (the path already reduced). */
const MISSING_HEADER = /^([A-Za-z_][\w-]*)\.(?:h|hpp): No such file or directory$/;

/** A library we do not ship is said in plain words, with the ones we do, not as a missing file. */
function missingLibrary(diagnostic: Diagnostic, ours: readonly string[]): Diagnostic {
  const name = MISSING_HEADER.exec(diagnostic.message)?.[1];
  if (!name) return diagnostic;
  const available = [...BUNDLED_LIBRARIES, ...ours].sort((a, b) => a.localeCompare(b)).join(', ');
  return {
    ...diagnostic,
    message: `RoboForge does not have the ${name} library yet. These libraries are available: ${available}.`,
  };
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
