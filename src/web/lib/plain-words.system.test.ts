import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceCompiler } from '#test/compiled-sketch.ts';
import { ROOT } from '#test/repository-root.ts';
import { firstToFix, inPlainWords } from './plain-words.ts';

// The mistakes beginners make most, each made in the plant robot's sketch (the one its tutorial invites
// a learner to change) and compiled by the compile service's own compiler in its sandbox: the page
// says, in plain words, what GCC really said, on the line where the fix goes, the compiler's own
// words beside them, and folds away what follows the first mistake in how the code is written.

const PLANT = await readFile(path.join(ROOT, 'src/shared/content/sketches/plant-watering-robot.ino'), 'utf8');

/** The plant sketch with `from` (there once) written as `to`. */
function withMistake(from: string, to: string): string {
  const parts = PLANT.split(from);
  if (parts.length !== 2) throw new Error(`${JSON.stringify(from)} is not in the sketch once`);
  return parts.join(to);
}

/** What Run shows for `source`: the mistakes to fix (or, when it compiles, the warnings) and what is folded away. */
async function whatRunShows(source: string) {
  const outcome = await serviceCompiler().compile('uno', source);
  const said = (outcome.ok ? outcome.sketch.warnings : outcome.diagnostics).map((d) => inPlainWords(d, source));
  return { compiled: outcome.ok, ...(outcome.ok ? { shown: said, knockOn: [] } : firstToFix(said)) };
}

describe('plain words for what the real compiler says about beginners’ mistakes', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const problem = await serviceCompiler().problem();
    expect(problem, problem ?? '').toBeNull();
  });

  it.each([
    {
      mistake: 'a missing `;` after a declaration (the line the tutorial invites a learner to change)',
      from: 'PUMP_TIME_MS = 3000;',
      to: 'PUMP_TIME_MS = 3000',
      line: 25,
      plain: 'a `;` is missing at the end of this line',
      compiler: /^expected ',' or ';' before 'const'/,
      knockOn: /^Line 107: `SOAK_TIME_MS` is not known here/,
    },
    {
      mistake: 'a missing `;` after a declaration, before comments and the first function',
      from: 'bool safetyStop = false;',
      to: 'bool safetyStop = false',
      line: 36,
      plain: 'a `;` is missing at the end of this line',
      compiler: /^expected ',' or ';' before 'int'/,
    },
    {
      mistake: 'a missing `;` after a statement',
      from: '  pinMode(PUMP_PIN, OUTPUT);',
      to: '  pinMode(PUMP_PIN, OUTPUT)',
      line: 71,
      plain: 'a `;` is missing at the end of this line',
      compiler: /^expected ';' before 'pinMode'/,
    },
    {
      mistake: 'a missing `}` at the end of a function, before the next one',
      from: '  Serial.println(F("Plant Watering Robot ready"));\n}',
      to: '  Serial.println(F("Plant Watering Robot ready"));\n',
      line: 74,
      plain: 'a `}` is missing after this line: every `{` needs its `}`',
      compiler: /^a function-definition is not allowed here before '\{' token/,
      knockOn: /^Line 108: a `\}` is missing/,
    },
    {
      mistake: 'a missing `}` at the end of the sketch',
      from: '  delay(SOAK_TIME_MS);\n}',
      to: '  delay(SOAK_TIME_MS);\n',
      line: 107,
      plain: 'a `}` is missing: every `{` needs its `}`',
      compiler: /^expected '\}' at end of input/,
    },
    {
      mistake: 'a misspelt name',
      from: '  digitalWrite(PUMP_PIN, RELAY_ON);',
      to: '  digitalWirte(PUMP_PIN, RELAY_ON);',
      line: 51,
      plain: '`digitalWirte` is not known here: did you mean `digitalWrite`? Check its spelling',
      compiler: /^'digitalWirte' was not declared in this scope/,
    },
    {
      mistake: 'a wrong-case `pinmode`',
      from: '  pinMode(PUMP_PIN, OUTPUT);',
      to: '  pinmode(PUMP_PIN, OUTPUT);',
      line: 71,
      plain: '`pinmode` is not known here: did you mean `pinMode`? Capitals count',
      compiler: /^'pinmode' was not declared in this scope/,
    },
    {
      mistake: 'a missing `)` before a `{`',
      from: '  if (!dry) {',
      to: '  if (!dry {',
      line: 86,
      plain: 'a `)` is missing: every `(` needs its `)`',
      compiler: /^expected '\)' before '\{' token/,
    },
    {
      mistake: 'a missing `)` at the end of a line',
      from: '    delay(10);',
      to: '    delay(10',
      line: 44,
      plain: 'a `)` is missing: every `(` needs its `)`',
      compiler: /^expected '\)' before '\}' token/,
    },
  ])('$mistake', async ({ from, to, line, plain, compiler, knockOn }) => {
    const source = withMistake(from, to);
    const run = await whatRunShows(source);
    expect(run.compiled).toBe(false);
    const [first, ...others] = run.shown;
    expect(others.map((d) => d.compiler)).toEqual([]);
    expect(first).toMatchObject({ line, severity: 'error', plain: `Line ${line}: ${plain}.` });
    expect(first?.compiler).toMatch(compiler);
    if (knockOn) expect(run.knockOn.map((d) => d.plain)).toContainEqual(expect.stringMatching(knockOn));
  });

  it('a `=` in an `if`: it compiles, with a warning that says what to write', async () => {
    const run = await whatRunShows(withMistake('  if (safetyStop) {', '  if (safetyStop = true) {'));
    expect(run.compiled).toBe(true);
    expect(run.shown).toEqual([
      {
        line: 94,
        severity: 'warning',
        plain: 'Line 94: `=` sets a value: to compare, write `==`.',
        compiler: expect.stringMatching(/^suggest parentheses around assignment used as truth value/),
      },
    ]);
  });
});
