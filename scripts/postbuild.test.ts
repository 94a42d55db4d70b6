import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withoutModulePreloads } from './postbuild.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of inline scripts and skips external ones', () => {
    const html = `<head><script>a()</script><script src="/x.js"></script><script type="module">import "/y.js";\n</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/y.js";\n')]);
  });

  it('lists a repeated script once and ignores empty ones', () => {
    expect(inlineScriptHashes('<script>x</script><script>x</script><script></script>')).toEqual([sha('x')]);
  });
});

describe('withoutModulePreloads', () => {
  it('drops the modulepreload hints and keeps everything else', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/x.css"/></head>';
    expect(withoutModulePreloads(html)).toBe('<head><link rel="stylesheet" href="/assets/x.css"/></head>');
  });
});
