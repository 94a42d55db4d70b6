import { z } from 'zod';
import { DEFAULT_SITE_NAME } from './constants.ts';

/** `SITE_NAME`: the product's name on every page and e-mail; the server's configuration and the web build read it alike. */
export const siteNameSchema = z.string().trim().min(1, 'must not be blank').max(40, 'must be at most 40 characters');

/**
 * The name the web build bakes into its pages: `SITE_NAME`, or RoboForge when it is unset or empty.
 * Reads nothing else of the environment, so a setting only the server uses (a bad SMTP_URL, say)
 * cannot stop a build.
 */
export function siteNameFrom(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_SITE_NAME;
  const parsed = siteNameSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Invalid configuration: SITE_NAME ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
