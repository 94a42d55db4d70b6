/**
 * For a chunk load the page gave up on: a navigation interrupted it (Firefox then rejects the
 * `import()` and reports it as an uncaught error) or the network is gone. The next page loads it again.
 */
export function leftToTheNextPage(): void {}
