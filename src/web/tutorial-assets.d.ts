/**
 * What the build makes of each tutorial (scripts/tutorial-assets/vite-plugin.ts): the wiring
 * diagram as SVG markup and the sketch highlighted line by line, both rendered at build time so
 * the browser gets no highlighter and no layout code, and the facts of the program built from the
 * sketch (src/shared/content/sketches/hex-record.json). One chunk per tutorial.
 */
declare module 'virtual:tutorial-assets' {
  export interface TutorialAssets {
    /** `<svg>…</svg>` of the wiring diagram; colours of parts and text follow the theme through CSS classes. */
    readonly wiringSvg: string;
    /** The sketch, one HTML string per line (highlight.js spans), in order: line n is `codeLines[n - 1]`. */
    readonly codeLines: readonly string[];
    /** Where the sketch can be downloaded, e.g. `/sketches/plant-watering-robot.ino`. */
    readonly sketchUrl: string;
    /** The file name, e.g. `plant-watering-robot.ino`. */
    readonly sketchFile: string;
    /** Where the program built from the sketch (Intel HEX, `npm run sketches`) can be downloaded, e.g. `/sketches/plant-watering-robot.hex`. */
    readonly hexUrl: string;
    /** Its file name, e.g. `plant-watering-robot.hex`. */
    readonly hexFile: string;
    /** The flash the program takes (`.text` + `.data`), of the board's `BOARD_CHIPS[board].flashBytes`. */
    readonly flashBytes: number;
  }
  /** The assets of each tutorial by slug, each loaded on demand. */
  export const tutorialAssets: Readonly<Record<string, () => Promise<TutorialAssets>>>;
}

/**
 * Per tutorial, each step's cropped drawing (scripts/tutorial-assets/step-crops.ts): its width and
 * height in drawing units and its least width in px, or null for a step that adds no wire.
 */
declare module 'virtual:step-crops' {
  export const stepCrops: Readonly<Record<string, readonly (readonly [number, number, number] | null)[]>>;
}
