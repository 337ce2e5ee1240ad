const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export interface TimeRange {
  fromIso?: string;
  toIsoExclusive?: string;
}

/**
 * The bounds of a list filter as a half-open range. A bare date as `from` starts that UTC day; as `to` it takes the
 * whole of that day. A full timestamp as `to` is inclusive, so a client can send the last millisecond of its own day.
 */
export function timeRange(from?: string, to?: string): TimeRange {
  const range: TimeRange = {};
  if (from) range.fromIso = new Date(BARE_DATE.test(from) ? `${from}T00:00:00Z` : from).toISOString();
  if (to) range.toIsoExclusive = new Date(BARE_DATE.test(to) ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : Date.parse(to) + 1).toISOString();
  return range;
}
