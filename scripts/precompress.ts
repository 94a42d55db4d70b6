import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes `file.br` and `file.gz` beside `file`, each only when it is smaller, so the server sends
 * them as they are and never compresses at request time. The pages and assets (postbuild.ts) and
 * the service worker and web manifest (service-worker.ts) go through here.
 */
export function writePrecompressed(file: string): void {
  const source = readFileSync(file);
  const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(source, { level: 9 });
  if (br.length < source.length) writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
}
