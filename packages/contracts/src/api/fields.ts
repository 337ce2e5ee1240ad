import { z } from 'zod';

/** A query filter: trimmed, and an empty value (`?gameType=`) means no filter. */
export const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** A path id: anything that does not look like one is an unknown resource (404), never a validation message. */
export const pathIdText = (pattern: RegExp) => z.string().refine((value) => pattern.test(value), { params: { errorCode: 'NOT_FOUND' } });
