// Runs before `npm start` and `npm test`, on whatever Node the machine has: plain JavaScript that
// Node 18 and 20 can still read, so an old Node gets one clear line instead of a stack trace deep
// inside the build. (The `node` dependency normally puts a matching Node first on the PATH of npm's
// scripts; this catches the cases where it could not, such as install scripts turned off.)
import { readFileSync } from 'node:fs';

/** "22.22" from an engines range such as ">=22.22" or ">=22.22.0". */
export function minimumFromEngines(range) {
  const match = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(String(range).trim());
  if (!match) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR", not "${range}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/** The one-line message for a Node that is too old, or null when `version` (e.g. "v20.20.2") is new enough. */
export function nodeVersionProblem(version, minimum) {
  const found = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((found[i] ?? 0) > minimum[i]) return null;
    if ((found[i] ?? 0) < minimum[i]) {
      return (
        `RoboForge needs Node.js ${minimum.join('.')} or newer (24 LTS recommended), but this is Node.js ${version}. ` +
        'Install a current Node.js from https://nodejs.org (or with nvm: "nvm install 24"), then run the command again.'
      );
    }
  }
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.version, minimumFromEngines(pkg.engines.node));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
