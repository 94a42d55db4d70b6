/**
 * The display face (Space Grotesk, variable) cut down at build time to what the pages show in it:
 * the text of every heading and `font-display` element of the prerendered pages, the tutorial
 * titles and printable ASCII (member names, text rendered by the app), at the weights those elements use.
 * Characters outside the subset keep the full face through its own `@font-face` (unicode-range).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import subsetFont from 'subset-font';
import { afterFirstPaint } from './after-paint.ts';

export const DISPLAY_FAMILY = 'Space Grotesk Variable';
export const FULL_FONT_FILE = path.resolve(
  import.meta.dirname,
  '..',
  'node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2',
);
/** The weight range of the full face (its `@font-face` in site.css says the same). */
export const FULL_WEIGHTS = [300, 700] as const;
/** Member names and text the app renders after loading (cards, dialogs): printable ASCII stays in the site subset. */
const ALWAYS = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

const WEIGHT_CLASSES: Record<string, number> = {
  'font-thin': 100,
  'font-extralight': 200,
  'font-light': 300,
  'font-normal': 400,
  'font-medium': 500,
  'font-semibold': 600,
  'font-bold': 700,
  'font-extrabold': 800,
  'font-black': 900,
};
type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

const NOT_RENDERED = new Set(['script', 'style', 'template', 'noscript', 'title']);

function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if (!isElement(node) || NOT_RENDERED.has(node.name)) return '';
  return node.children.map(textOf).join('');
}

/** The weights an element's classes set; a responsive variant (`sm:font-bold`) is one more weight in use. */
function weightsOf(element: Element): number[] {
  const classes = (element.attribs.class ?? '').split(/\s+/);
  return classes.map((c) => WEIGHT_CLASSES[c.replace(/^.*:/, '')]).filter((w): w is number => w !== undefined);
}

export interface DisplayText {
  /** Every character shown in the display face, sorted, without duplicates. */
  readonly text: string;
  /** The weights those characters are shown at, ascending. */
  readonly weights: number[];
}

/**
 * What the pages show in the display face: headings (h1–h3, see site.css) and `font-display`
 * elements, plus `extraTexts`; with `typed`, plain letters and digits too (member names).
 */
export function displayText(
  pages: readonly string[],
  { extraTexts = [], typed = true }: { extraTexts?: readonly string[]; typed?: boolean } = {},
): DisplayText {
  // The space decides which face gives the line metrics (the "first available font"): always in.
  const chars = new Set<string>(typed ? [...ALWAYS] : [' ']);
  const weights = new Set<number>();
  const visit = (node: ChildNode, inDisplay: boolean, weight: number) => {
    if (!isElement(node) || NOT_RENDERED.has(node.name)) return;
    const classes = (node.attribs.class ?? '').split(/\s+/);
    const display = inDisplay || /^h[123]$/.test(node.name) || classes.includes('font-display');
    const own = weightsOf(node);
    const ownWeight = own.at(-1) ?? weight;
    if (display && !inDisplay) {
      for (const char of textOf(node)) if (char >= ' ') chars.add(char);
    }
    if (display && node.children.some((child) => child.type === 'text' && child.data.trim())) {
      for (const w of own.length > 0 ? own : [weight]) weights.add(w);
    }
    for (const child of node.children) visit(child, display, ownWeight);
  };
  for (const html of pages) {
    for (const node of parseDocument(html).children) visit(node, false, 400);
  }
  for (const text of extraTexts) for (const char of text) if (char >= ' ') chars.add(char);
  return {
    text: [...chars].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join(''),
    weights: [...weights].sort((a, b) => a - b),
  };
}

/** `U+20-7E,U+2014` for a set of characters: consecutive code points become one range. */
export function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((c) => c.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < points.length; ) {
    let end = i;
    while (end + 1 < points.length && points[end + 1] === (points[end] ?? 0) + 1) end++;
    const from = (points[i] ?? 0).toString(16).toUpperCase();
    const to = (points[end] ?? 0).toString(16).toUpperCase();
    ranges.push(from === to ? `U+${from}` : `U+${from}-${to}`);
    i = end + 1;
  }
  return ranges.join(',');
}

export interface DisplayFontSubset {
  /** The characters it holds. */
  readonly text: string;
  readonly woff2: Buffer;
  /** `space-grotesk-subset-<hash>.woff2`: the name changes with the content. */
  readonly fileName: string;
  readonly unicodeRange: string;
  /** The weight axis kept in the file (used weights only; others are drawn at the nearest of these). */
  readonly weights: readonly [number, number];
}

/**
 * OpenType features browsers apply by default: the subset keeps these and the glyphs they reach,
 * so text looks as with the full face; stylistic sets and other opt-in alternates go.
 */
const DEFAULT_FEATURES = ['ccmp', 'locl', 'rlig', 'liga', 'clig', 'calt', 'rclt', 'kern', 'mark', 'mkmk'];

/** `weights` fixes the weight axis kept (default: the range of `display.weights`). */
export async function subsetDisplayFont(
  display: DisplayText,
  { weights, fontFile = FULL_FONT_FILE }: { weights?: readonly [number, number]; fontFile?: string } = {},
): Promise<DisplayFontSubset> {
  const used = display.weights.length > 0 ? display.weights : [...FULL_WEIGHTS];
  const min = weights?.[0] ?? Math.max(FULL_WEIGHTS[0], Math.min(...used));
  const max = weights?.[1] ?? Math.min(FULL_WEIGHTS[1], Math.max(...used));
  const woff2 = await subsetFont(readFileSync(fontFile), display.text, {
    targetFormat: 'woff2',
    keepFeatures: DEFAULT_FEATURES,
    variationAxes: { wght: min === max ? min : { min, max } },
  });
  const hash = createHash('sha256').update(woff2).digest('base64url').slice(0, 8);
  return {
    text: display.text,
    woff2,
    fileName: `space-grotesk-subset-${hash}.woff2`,
    unicodeRange: unicodeRange(display.text),
    weights: [min, max],
  };
}

/** The characters of `text` that `other` lacks. */
export function withoutChars(text: string, other: string): string {
  const taken = new Set(other);
  return [...text].filter((char) => !taken.has(char)).join('');
}

/** Fetches the site subset once the page has painted, so text the app renders later finds it loaded. */
export const SITE_FONT_AFTER_PAINT = afterFirstPaint('s.load().catch(function(){})');

/**
 * A page's own subset, in the page: a script in <head> registers it from its bytes before first
 * paint (allowed by the page's CSP hash; a face made from bytes is not fetched, so `font-src`
 * does not apply). It also registers the site subset for the characters the page lacks (names
 * members type, other pages' headings after navigation) and loads it once the page has painted.
 * That face is `swap`, not `optional`: Chromium never uses an `optional` face that finishes
 * loading after its block period, even for text laid out later, so the characters it covers fell
 * back to the system face next to the page's own glyphs ("Connection table" with a DejaVu "C").
 * No text on the first paint needs it, so nothing painted then can swap.
 * The ranges do not overlap, so the face that painted the page is never replaced.
 */
export function inlineFontScript(page: DisplayFontSubset, site: { url: string; text: string }): string {
  const weight = `${FULL_WEIGHTS[0]} ${FULL_WEIGHTS[1]}`;
  const own = `f.add(new FontFace(n,Uint8Array.from(atob("${page.woff2.toString('base64')}"),function(c){return c.charCodeAt(0)}),{weight:w,unicodeRange:"${page.unicodeRange}"}));`;
  const rest = withoutChars(site.text, page.text);
  const later =
    rest.length > 0
      ? `var s=new FontFace(n,"url(${site.url}) format('woff2')",{weight:w,unicodeRange:"${unicodeRange(rest)}",display:"swap"});f.add(s);${SITE_FONT_AFTER_PAINT};`
      : '';
  return `try{var n=${JSON.stringify(DISPLAY_FAMILY)},w="${weight}",f=document.fonts;${own}${later}}catch(e){}`;
}
