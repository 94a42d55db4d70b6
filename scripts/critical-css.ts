/**
 * A page's critical CSS: the rules of the full stylesheet its markup uses (beasties), trimmed of
 * custom properties nothing on the page reads (Tailwind declares every theme variable, its
 * `@property` rules and their fallbacks for the whole site; a page uses a few) and of rules that
 * cannot apply before the full stylesheet, loaded after first paint, brings the rest back.
 */
import Beasties from 'beasties';
import postcss, { type ChildNode, type Container, type Declaration } from 'postcss';

/**
 * `html` with the rules of its linked stylesheets that its markup uses in one `<style>` before
 * them; the links stay as they are (the build links the stylesheet after first paint itself).
 */
export function criticalCssInliner(clientDir: string): (html: string) => Promise<string> {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    // `false` is beasties' documented "leave the link alone", missing from its type.
    preload: false as unknown as 'body',
    pruneSource: false,
    inlineFonts: true,
    preloadFonts: false,
    keyframes: 'critical',
    compress: true,
    // `[data-session]` is set by the boot script before paint, so not in the prerendered markup;
    // beasties drops the `[&_svg]:…` utilities (icon sizes in buttons) though the markup uses them,
    // and without them the header's icons change size when the full stylesheet arrives; so too the
    // `divide-*` rules (`:where(.divide-y>…)`): a tutorial's material rows grew 1 px each when it came.
    allowRules: [/\[data-session\]/, /&_svg/, /\.divide-/],
    logLevel: 'warn',
  });
  return (html) => beasties.process(html);
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function references(text: string, into: Set<string>) {
  for (const match of text.matchAll(VAR_REFERENCE)) if (match[1]) into.add(match[1]);
}

function removeEmpty(container: Container) {
  container.each((node: ChildNode) => {
    if ('nodes' in node && node.nodes) {
      removeEmpty(node as Container);
      // An empty block (rule, @layer, @supports, @media) does nothing; a layer's order is kept by its first statement.
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/**
 * `css` without declarations of custom properties that neither the CSS nor the page's markup
 * (`html`: style attributes, SVG presentation attributes) reads, and without their `@property`
 * rules; repeated until nothing more goes, since a removed declaration may have been the only reader of another.
 */
export function withoutUnusedCustomProperties(css: string, html: string): string {
  const root = postcss.parse(css);
  const fromMarkup = new Set<string>();
  references(html.replace(/<style>[\s\S]*?<\/style>/g, ''), fromMarkup);
  for (;;) {
    const used = new Set(fromMarkup);
    root.walkDecls((decl) => references(decl.value, used));
    let removed = 0;
    root.walkDecls((decl: Declaration) => {
      if (decl.prop.startsWith('--') && !used.has(decl.prop)) {
        decl.remove();
        removed++;
      }
    });
    root.walkAtRules('property', (rule) => {
      if (!used.has(rule.params.trim())) {
        rule.remove();
        removed++;
      }
    });
    if (removed === 0) break;
  }
  removeEmpty(root);
  return root.toString();
}

/** Selectors that can only match after the visitor acts: a pointer over or pressing something. */
const AFTER_INTERACTION = /:(hover|active)\b/;

/** Transitions only animate a change of style, and nothing changes before the full stylesheet applies. */
const TRANSITION = /^transition(?:-|$)/;

/**
 * `css` without what cannot apply before the full stylesheet arrives, a moment after first paint:
 * `@media print` blocks, `:hover`/`:active` states (focus styles stay, for a keyboard's first
 * Tab) and transitions. Every byte left out lets more of the page into the first round trip.
 */
export function withoutDeferrableRules(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules('media', (rule) => {
    if (/^print$/i.test(rule.params.trim())) rule.remove();
  });
  root.walkDecls(TRANSITION, (declaration) => {
    declaration.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) {
      rule.remove();
      return;
    }
    const kept = rule.selectors.filter((selector) => !AFTER_INTERACTION.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  removeEmpty(root);
  return root.toString();
}

/** A rule or an at-rule of declarations (`@property`, `@font-face`) by its at-rules, selector and declarations. */
function ruleKey(node: ChildNode): string | null {
  const own =
    node.type === 'rule'
      ? node.selector
      : node.type === 'atrule' && node.nodes?.every((child) => child.type === 'decl')
        ? `@${node.name} ${node.params}`
        : null;
  if (own === null || !('nodes' in node) || !node.nodes) return null;
  // Custom properties aside: the first screen's CSS lost those nothing there reads.
  const declarations = node.nodes.filter((child) => !(child.type === 'decl' && child.prop.startsWith('--')));
  let key = `${own}{${declarations.map(String).join(';')}}`;
  for (let parent = node.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
    key = `@${parent.name} ${parent.params}{${key}}`;
  }
  return key;
}

/**
 * `css` without the rules `other` has already (the same selector and declarations within the same
 * at-rules, custom properties aside): what a part of the page needs beyond the CSS inlined before
 * it. A rule repeated would come later in its layer than the first screen's rules and could win
 * over one it lost to there.
 */
export function withoutRulesOf(css: string, other: string): string {
  const known = new Set<string>();
  postcss.parse(other).walk((node) => {
    const key = ruleKey(node);
    if (key !== null) known.add(key);
  });
  const root = postcss.parse(css);
  root.walk((node) => {
    const key = ruleKey(node);
    if (key === null || !known.has(key) || !('nodes' in node) || !node.nodes) return;
    // Its custom properties stay: the first screen's copy may lack those only this part reads
    // (withoutUnusedCustomProperties then keeps what this part's rules and markup read).
    for (const child of [...node.nodes]) if (!(child.type === 'decl' && child.prop.startsWith('--'))) child.remove();
    if (node.nodes.length === 0) node.remove();
  });
  removeEmpty(root);
  return root.toString();
}
