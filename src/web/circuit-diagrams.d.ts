/**
 * Each circuit's wiring diagram alone (scripts/tutorial-assets/vite-plugin.ts), for the playground:
 * the trainer board's (`trainer`) and each tutorial's (by slug), as `<svg>…</svg>` markup drawn as
 * the tutorials' are. One chunk each, loaded on demand.
 */
declare module 'virtual:circuit-diagrams' {
  export const circuitDiagrams: Readonly<Record<string, () => Promise<string>>>;
}
