import { z } from 'zod';

/** An on/off setting: only the words `true` and `false` are accepted, so a typo fails at start rather than reading as off. */
export const envFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
