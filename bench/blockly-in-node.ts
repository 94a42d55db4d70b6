/**
 * Lets a benchmark run our blocks' generator under plain Node (Vitest does it through Vite): Blockly's
 * packages are CommonJS bundles whose exports Node cannot see from `import * as Blockly`, so each
 * `blockly/…` import is answered by a module that re-exports the bundle's properties by name.
 * Import this module before anything that imports Blockly.
 */
import { createRequire, registerHooks } from 'node:module';

const require = createRequire(import.meta.url);
const PREFIX = 'roboforge-blockly:';

registerHooks({
  resolve(specifier, context, nextResolve) {
    // ES imports only: the module below require()s the bundle itself.
    if (specifier.startsWith('blockly/') && context.conditions.includes('import')) {
      return { url: `${PREFIX}${specifier}`, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith(PREFIX)) return nextLoad(url, context);
    const specifier = url.slice(PREFIX.length);
    const names = Object.keys(require(specifier) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
    const source = [
      "import { createRequire } from 'node:module';",
      `const bundle = createRequire(${JSON.stringify(import.meta.url)})(${JSON.stringify(specifier)});`,
      'export default bundle;',
      ...names.filter((name) => name !== 'default').map((name) => `export const ${name} = bundle.${name};`),
    ].join('\n');
    return { format: 'module', source, shortCircuit: true };
  },
});
