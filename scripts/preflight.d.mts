/** Types of preflight.mjs, which stays plain JavaScript so that an old Node can run it. */
export function minimumFromEngines(range: string): [number, number, number];
export function nodeVersionProblem(version: string, minimum: readonly [number, number, number]): string | null;
