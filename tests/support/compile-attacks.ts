/*
 * Sketches an attacker sends the compile service (issue 41), shared by its tests
 * (src/server/routes/api/sketches/compile-hardening.api.test.ts) and its benchmark (bench/compile.ts).
 */

/** An include tree of 2^40 files: a sketch that compiles until the time (or memory) limit stops it. */
export const FOREVER = `#if __INCLUDE_LEVEL__ < 40
#include __BASE_FILE__
#include __BASE_FILE__
#endif
#if __INCLUDE_LEVEL__ == 0
void setup() {}
void loop() {}
#endif
`;

/**
 * 449 bytes that make the linker print one 327 KB line: each macro doubles the one before, so S15
 * is 2^15 copies of ": section ", the name of a function the linker cannot place.
 */
export const LONG_LINE = [
  '#define S0 ": section "',
  ...Array.from({ length: 15 }, (_, i) => `#define S${i + 1} S${i} S${i}`),
  'void nothere();',
  '__attribute__((section(".text"),noinline,used)) void g() asm("\\"" S15 "\\"");',
  'void g(){nothere();}',
  'void setup(){g();}',
  'void loop(){}',
  '',
].join('\n');
