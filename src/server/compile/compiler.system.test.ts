import { describe, expect, it } from 'vitest';
import { testSettings } from '#test/settings.ts';
import { SketchCompiler } from './compiler.ts';

// The compiler's cache key, with the real toolchain: what decides whether instances share programs.

const compiler = () =>
  new SketchCompiler({ sandbox: 'bubblewrap', compiler: testSettings.avrCompiler, core: testSettings.arduinoAvrCore });

describe('the cache key', () => {
  it('is the same for two instances, each with a workspace and core archive of its own', {
    timeout: 60_000,
  }, async () => {
    const [one, two] = [compiler(), compiler()];
    try {
      const [first, second] = [await one.toolchainKey('uno'), await two.toolchainKey('uno')];
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(second).toBe(first);
      expect(await one.toolchainKey('mega')).not.toBe(first);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
