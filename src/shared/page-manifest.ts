import { z } from 'zod';

/**
 * What the build step (`scripts/postbuild.ts`) records about each prerendered HTML page and the
 * server reads at start: which URL it answers and the hashes of its inline scripts for the CSP.
 */
const pageEntrySchema = z.object({
  file: z.string(),
  scriptHashes: z.array(z.string().regex(/^sha256-[A-Za-z0-9+/]+=*$/)),
});
export type PageEntry = z.infer<typeof pageEntrySchema>;

export const pageManifestSchema = z.object({
  pages: z.record(z.string().startsWith('/'), pageEntrySchema),
  fallback: pageEntrySchema,
});
export type PageManifest = z.infer<typeof pageManifestSchema>;

export const PAGE_MANIFEST_FILE = 'page-manifest.json';
