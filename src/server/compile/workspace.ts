import { createHash } from 'node:crypto';
import { chmod, copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Board } from '#shared/content/projects.ts';
import { buildCoreArchive, type Toolchain } from '../../../scripts/sketches/build-hex.ts';

/*
 * What the sandbox mounts at /arduino/build besides the toolchain: a workspace this process makes
 * for itself with `mkdtemp` (a name nobody can guess or make first), holding each board's core
 * archive and a copy of our libraries' headers, readable by the sandbox's users and writable by
 * this process's user only. It is checked before every compile: gone (a temp cleaner), owned by
 * another user, writable by another, or holding a link, it is never used again and a new one is
 * made. Its files are hashed into the cache key as they are when mounted (compiler.ts).
 */

/** Our own libraries with the public API of the ones learners copy code for (README there). */
const LIBRARIES_DIR_CANDIDATES = [
  // The sources (tests, `npm run dev:server`): beside this file.
  path.resolve(import.meta.dirname, 'libraries'),
  // The bundled server (build/server-app/server.js).
  path.resolve(import.meta.dirname, '..', '..', 'src', 'server', 'compile', 'libraries'),
];

const isDirectory = (dir: string) =>
  stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );

/** Our libraries' folder, or null where a build ships none (then only the core's own are there). */
async function librariesDir(): Promise<string | null> {
  for (const candidate of LIBRARIES_DIR_CANDIDATES) if (await isDirectory(candidate)) return candidate;
  return null;
}

/** What of a library a compile may read: its headers (no README, no examples, no tests). */
const isHeader = (name: string) => /\.(?:h|hpp)$/.test(name);

/** Every file under `dir` (relative paths, sorted), or only those `keep` accepts. */
async function filesUnder(dir: string, keep: (name: string) => boolean = () => true): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The files under `dir` (or those named), hashed with their relative paths. */
export async function treeDigest(dir: string, files?: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files ?? (await filesUnder(dir))) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The workspace mounted at /arduino/build: each board's `core.a` and our libraries' headers. */
export interface Workspace {
  readonly root: string;
  /** The library folders, each on the include path. */
  readonly libraries: readonly string[];
  /** Per board, its core archive once built. */
  readonly archives: Map<Board, Promise<void>>;
}

export interface WorkspaceSettings {
  readonly toolchain: Toolchain;
  /** Where the workspace is made; the machine's temporary folder by default. */
  readonly workRoot?: string;
  /** Our libraries' folder; found beside the sources or the bundle when not given. */
  readonly libraries?: string;
}

export class CompileWorkspace {
  readonly #settings: WorkspaceSettings;
  #workspace: Promise<Workspace> | null = null;

  constructor(settings: WorkspaceSettings) {
    this.#settings = settings;
  }

  /** A new workspace: a folder only this process could have made, with our libraries' headers. */
  async #make(): Promise<Workspace> {
    const root = await mkdtemp(path.join(this.#settings.workRoot ?? tmpdir(), 'roboforge-compile-'));
    const libraries = this.#settings.libraries ?? (await librariesDir());
    const target = path.join(root, 'libraries');
    await mkdir(target);
    if (libraries) {
      for (const file of await filesUnder(libraries, isHeader)) {
        await mkdir(path.join(target, path.dirname(file)), { recursive: true });
        await copyFile(path.join(libraries, file), path.join(target, file));
      }
    }
    const names = (await readdir(target, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    await readableByAll(root);
    return { root, libraries: names.sort(), archives: new Map() };
  }

  /** The workspace, made anew when it is gone or anyone but this process's user could have changed it. */
  async current(): Promise<Workspace> {
    const current = this.#workspace;
    if (current) {
      const workspace = await current.catch(() => null);
      if (workspace && (await isOurs(workspace.root))) return workspace;
      if (this.#workspace === current) this.#workspace = null;
      // Gone or tampered with: nothing in it is used again (and what is left of it is removed if we can).
      if (workspace) await rm(workspace.root, { recursive: true, force: true }).catch(() => {});
    }
    this.#workspace ??= this.#make();
    const made = this.#workspace;
    made.catch(() => {
      if (this.#workspace === made) this.#workspace = null;
    });
    return made;
  }

  /** The workspace with the board's core archive built (a few seconds, the first time). */
  async prepared(board: Board): Promise<Workspace> {
    const workspace = await this.current();
    let archive = workspace.archives.get(board);
    if (!archive) {
      archive = (async () => {
        const work = await mkdtemp(path.join(tmpdir(), 'roboforge-core-'));
        try {
          const built = await buildCoreArchive(this.#settings.toolchain, board, work);
          const dir = path.join(workspace.root, board);
          await mkdir(dir, { recursive: true });
          await copyFile(built, path.join(dir, 'core.a'));
          await readableByAll(dir);
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      })();
      // A failed build is tried again next time.
      archive.catch(() => workspace.archives.delete(board));
      workspace.archives.set(board, archive);
    }
    await archive;
    return workspace;
  }

  /** The files the sandbox mounts for a board, hashed as they are now: the board's archive and our headers. */
  async digest(workspace: Workspace, board: Board): Promise<string> {
    const headers = await filesUnder(path.join(workspace.root, 'libraries'));
    return treeDigest(workspace.root, [`${board}/core.a`, ...headers.map((file) => `libraries/${file}`)]);
  }

  /** The sandbox could not use it: the next compile makes a new one. */
  forget() {
    this.#workspace = null;
  }

  /** Removes the workspace (the server is closing). */
  async close(): Promise<void> {
    const workspace = await this.#workspace?.catch(() => null);
    this.#workspace = null;
    if (workspace) await rm(workspace.root, { recursive: true, force: true });
  }
}

/** Everything readable, nothing writable, by the sandbox's user (mkdtemp makes 0700 folders). */
async function readableByAll(dir: string) {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

/**
 * Whether the workspace is still as this process made it: there, owned by this process's user,
 * and nothing in it a link or writable by another user.
 */
async function isOurs(root: string): Promise<boolean> {
  const uid = process.getuid?.();
  const owned = (s: { uid: number; mode: number }) => (uid === undefined || s.uid === uid) && (s.mode & 0o022) === 0;
  try {
    const top = await lstat(root);
    if (!top.isDirectory() || !owned(top)) return false;
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      const s = await lstat(path.join(entry.parentPath, entry.name));
      if (!(s.isDirectory() || s.isFile()) || !owned(s)) return false;
    }
    return true;
  } catch {
    return false;
  }
}
