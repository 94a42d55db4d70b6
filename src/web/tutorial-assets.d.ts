/**
 * What the build makes of each tutorial (scripts/tutorial-assets/vite-plugin.ts): the wiring
 * diagram as SVG markup and the sketch highlighted line by line, both rendered at build time so
 * the browser gets no highlighter and no layout code. One chunk per tutorial.
 */
declare module 'virtual:tutorial-assets' {
  export interface TutorialAssets {
    /** `<svg>…</svg>` of the wiring diagram; colours of parts and text follow the theme through CSS classes. */
    readonly wiringSvg: string;
    /** The sketch, one HTML string per line (highlight.js spans), in order: line n is `codeLines[n - 1]`. */
    readonly codeLines: readonly string[];
    /** The sketch's plain text, for the Copy button. */
    readonly source: string;
    /** Where the sketch can be downloaded, e.g. `/sketches/plant-watering-robot.ino`. */
    readonly sketchUrl: string;
    /** The file name, e.g. `plant-watering-robot.ino`. */
    readonly sketchFile: string;
  }
  /** The assets of each tutorial by slug, each loaded on demand. */
  export const tutorialAssets: Readonly<Record<string, () => Promise<TutorialAssets>>>;
}
