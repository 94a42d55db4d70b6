import { z } from './z.ts';

export const healthSchema = z.object({ status: z.literal('ok') });
