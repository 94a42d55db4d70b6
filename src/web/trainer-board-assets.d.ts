/**
 * What the build makes of the playground's trainer board (scripts/tutorial-assets/vite-plugin.ts,
 * src/shared/content/trainer-board.ts): its wiring diagram as SVG markup, drawn as the tutorials'
 * are, and each starter sketch with its text and its lines highlighted. One chunk.
 */
declare module 'virtual:trainer-board-assets' {
  export interface TrainerStarterAssets {
    readonly id: string;
    readonly title: string;
    /** One line a 10-year-old reads before choosing it. */
    readonly description: string;
    /** The file name, e.g. `blink.ino`. */
    readonly file: string;
    /** The sketch's plain text, loaded into the editor. */
    readonly source: string;
    /** The sketch, one HTML string per line (highlight.js spans). */
    readonly codeLines: readonly string[];
  }
  export interface TrainerBoardAssets {
    /** `<svg>…</svg>` of the wiring diagram; colours of parts and text follow the theme through CSS classes. */
    readonly wiringSvg: string;
    readonly starters: readonly TrainerStarterAssets[];
  }
  const assets: TrainerBoardAssets;
  export default assets;
}
