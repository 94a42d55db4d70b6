/** Types of `subset-font` (the package ships none): the part of its API the build uses. */
declare module 'subset-font' {
  type Axis = number | { min: number; max: number; default?: number };
  interface Options {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    preserveNameIds?: number[];
    keepFeatures?: string[];
    variationAxes?: Record<string, Axis>;
    keepAllGlyphs?: boolean;
    noLayoutClosure?: boolean;
    glyphNames?: boolean;
    noHinting?: boolean;
    dropTables?: string[];
  }
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text?: string | null,
    options?: Options,
  ): Promise<Buffer>;
}
