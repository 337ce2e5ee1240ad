import { z } from 'zod';

/** A query filter: trimmed, and an empty value (`?gameType=`) means no filter. */
export const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * A path id: anything that does not look like one is an unknown resource (404, or the resource's own not-found code),
 * never a validation message.
 */
export const pathIdText = (pattern: RegExp, errorCode = 'NOT_FOUND') =>
  z
    .string()
    .refine((value) => pattern.test(value), { params: { errorCode } })
    // The API reference states the shape (a path that does not fit it names nothing: 404).
    .meta({ pattern: pattern.source });

/** A brand's code in an operator path; an unknown or malformed one is MERCHANT_NOT_FOUND. */
export const merchantCodePath = pathIdText(/^[A-Za-z0-9_-]{1,40}$/, 'MERCHANT_NOT_FOUND');

/** What marks a query whose blank fields mean "not given" (the API reference then allows a blank for each). */
export const BLANK_IS_ABSENT = 'blankIsAbsent';

/** A query whose blank fields (`?type=`, as a form submits an unset filter) mean "not given". */
export const queryWithBlanksAbsent = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((query) => (query && typeof query === 'object' ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) : query), schema)
    .meta({ [BLANK_IS_ABSENT]: true }) as unknown as z.ZodType<z.output<T>, z.input<T>>;
