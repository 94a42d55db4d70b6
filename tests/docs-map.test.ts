import { globSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT } from '#test/repository-root.ts';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const packageJson = z
  .object({ scripts: z.record(z.string(), z.string()), overrides: z.record(z.string(), z.string()) })
  .parse(JSON.parse(read('package.json')));

const readme = read('README.md');
const docsReadme = read('docs/README.md');
const decisionIndex = read('docs/decisions/README.md');
const records = readdirSync(path.join(ROOT, 'docs/decisions'))
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort();
const productDecisions = [...read('docs/product.md').matchAll(/^\| (D\d+) \|/gm)].map((match) => match[1] ?? '');

/** The documentation says what the repository holds: every script, override and decision is named where a reader looks. */
describe('the docs map', () => {
  it('names every package.json script in the README (the pre- hooks with the script they run before)', () => {
    const named = (script: string) =>
      readme.includes(`npm ${script}`) || readme.includes(`npm run ${script}`) || readme.includes(`\`${script}\``);
    const scripts = Object.keys(packageJson.scripts).filter((script) => !script.startsWith('pre'));
    expect(scripts.filter((script) => !named(script))).toEqual([]);
  });

  it('says in the README why each override exists', () => {
    expect(Object.keys(packageJson.overrides).filter((name) => !readme.includes(`**\`${name}\``))).toEqual([]);
  });

  it('lists every decision record in the decision index and in docs/README.md', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((file) => !decisionIndex.includes(`](${file})`))).toEqual([]);
    expect(records.filter((file) => !docsReadme.includes(`](decisions/${file})`))).toEqual([]);
  });

  it('lists every product decision in docs/README.md, with the range both indexes state', () => {
    expect(productDecisions.length).toBeGreaterThan(0);
    expect(productDecisions.filter((id) => !docsReadme.includes(`**${id}**`))).toEqual([]);
    const range = `D1–${productDecisions.at(-1)}`;
    expect(docsReadme).toContain(range);
    expect(decisionIndex).toContain(range);
  });

  it('cites only documents in the repository: no "SPEC §", nothing under ../shared', () => {
    const files = globSync(['{src,scripts,tests,bench,docs,tools,.ci}/**/*', '*.md', '*.json', '*.ts'], {
      cwd: ROOT,
    }).filter((file) => /\.(ts|tsx|mjs|md|json|sh|css)$|^\.ci\/run$/.test(file));
    const outside = files.filter((file) => {
      const text = read(file);
      return file !== 'tests/docs-map.test.ts' && (/\bSPEC\b|DESIGN D\d/.test(text) || /\.\.\/shared\//.test(text));
    });
    expect(outside).toEqual([]);
  });
});
