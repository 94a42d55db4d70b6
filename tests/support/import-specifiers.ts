/** One module a source file imports (or re-exports from), as written in it. */
export interface ImportSpecifier {
  readonly specifier: string;
  /** `import type` / `export type`: erased at build, it loads and starts nothing. */
  readonly typeOnly: boolean;
}

/** `import … from 'x'`, `import 'x'`, `export … from 'x'`, each at the start of a line (our formatter puts them there). */
const STATIC = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
/** `import('x')` with a literal specifier. */
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * What a TypeScript source imports, read as text: enough for the rules the tests keep about which
 * file may import what (a static check: no module is loaded).
 */
export function importSpecifiers(source: string): ImportSpecifier[] {
  return [
    ...[...source.matchAll(STATIC)].map((match) => ({ specifier: match[2] ?? '', typeOnly: match[1] !== undefined })),
    ...[...source.matchAll(DYNAMIC)].map((match) => ({ specifier: match[1] ?? '', typeOnly: false })),
  ];
}
