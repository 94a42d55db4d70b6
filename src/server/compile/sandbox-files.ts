import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Toolchain } from '../../../scripts/sketches/build-hex.ts';

const execFileAsync = promisify(execFile);

/*
 * What of the machine a compile sees (decision 017): exactly the programs it runs, the folders of
 * avr-gcc, binutils and avr-libc, and the shared libraries those programs load, each found by asking
 * the toolchain itself rather than binding `/usr/bin` and `/usr/lib` whole. Anything else on the
 * machine (another package's files, `/usr/lib/os-release`) does not exist inside, so `#include`,
 * `.incbin` and `__has_include` find nothing there however a name is spelled.
 */

export interface SandboxFiles {
  /** The programs the script runs, by the absolute path it calls them with. */
  readonly programs: {
    readonly gxx: string;
    readonly gcc: string;
    readonly objcopy: string;
    readonly sh: string;
    readonly cat: string;
  };
  /** Folders bound whole (read-only): the compiler's own and avr-libc's. */
  readonly folders: readonly string[];
  /** Single files bound (read-only) at these paths: the programs and their shared libraries. */
  readonly files: readonly string[];
}

async function output(tool: string, args: readonly string[], input?: string): Promise<string> {
  const child = execFileAsync(tool, args, { timeout: 20_000, maxBuffer: 4 * 1024 * 1024 });
  if (input !== undefined) child.child.stdin?.end(input);
  const { stdout, stderr } = await child;
  return `${stdout}${stderr}`;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** `avr-g++` → `/usr/bin/avr-g++`: a program named without a folder is looked up in PATH. */
async function programPath(name: string): Promise<string> {
  if (name.includes('/')) return path.resolve(name);
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    const candidate = path.join(dir || '.', name);
    if (await exists(candidate)) return candidate;
  }
  throw new Error(`${name} is not on PATH`);
}

/** The folders of `gcc -print-search-dirs` (its programs and libraries), those that exist. */
function searchDirs(printed: string): string[] {
  const dirs: string[] = [];
  for (const line of printed.split('\n')) {
    const list = line.indexOf(': =');
    if (line.startsWith('install: ')) dirs.push(line.slice('install: '.length));
    else if (list !== -1) dirs.push(...line.slice(list + ': ='.length).split(':'));
  }
  return dirs.filter((dir) => dir.length > 0);
}

/** The include folders `gcc -E -v` lists between its two markers. */
function includeDirs(printed: string): string[] {
  const lines = printed.split('\n');
  const start = lines.findIndex((line) => line.startsWith('#include <...> search starts here:'));
  const end = lines.findIndex((line) => line.startsWith('End of search list.'));
  if (start === -1 || end === -1) return [];
  return lines.slice(start + 1, end).map((line) => line.trim());
}

/** The shared libraries `ldd` says a program loads, by the paths the loader looks for them at (none for a static one). */
function sharedLibraries(printed: string): string[] {
  const found: string[] = [];
  for (const line of printed.split('\n')) {
    const arrow = line.indexOf('=> ');
    const file = (arrow === -1 ? line.trim() : line.slice(arrow + 3).trim()).split(' ')[0] ?? '';
    if (file.startsWith('/')) found.push(file);
  }
  return found;
}

/** Drops folders inside another of the list (binding the outer one shows them already). */
function outermost(folders: readonly string[]): string[] {
  const sorted = [...new Set(folders)].sort();
  return sorted.filter((dir) => !sorted.some((other) => other !== dir && dir.startsWith(`${other}/`)));
}

/** Every folder and file of the toolchain a compile needs, asked of the toolchain itself. */
export async function sandboxFiles(toolchain: Toolchain): Promise<SandboxFiles> {
  const programs = {
    gxx: await programPath(toolchain.gxx),
    gcc: await programPath(toolchain.gcc),
    objcopy: await programPath(toolchain.objcopy),
    sh: await programPath('sh'),
    cat: await programPath('cat'),
  };
  const dirsPrinted = await output(programs.gcc, ['-print-search-dirs']);
  const includesPrinted = await output(programs.gxx, ['-mmcu=atmega328p', '-x', 'c++', '-E', '-v', '-'], '');
  const candidates = [...searchDirs(dirsPrinted), ...includeDirs(includesPrinted)];
  const folders: string[] = [];
  for (const dir of candidates) {
    if (await exists(dir)) folders.push(await realpath(dir));
  }
  const helpers = await Promise.all(
    ['cc1plus', 'collect2', 'as', 'ld'].map(async (name) =>
      (await output(programs.gcc, [`-print-prog-name=${name}`])).trim(),
    ),
  );
  const executables = [...Object.values(programs), ...helpers.filter((file) => path.isAbsolute(file))];
  const libraries: string[] = [];
  for (const executable of executables) {
    libraries.push(...sharedLibraries(await output('ldd', [executable]).catch(() => '')));
  }
  return {
    programs,
    folders: outermost(folders),
    files: [...new Set([...Object.values(programs), ...libraries])],
  };
}
