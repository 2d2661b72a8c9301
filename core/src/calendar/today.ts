import { formatIsoDate } from './gregorian';

// The commission works in Nepal time: "today" for a deadline is the date in Kathmandu, not on the
// server's or the browser's clock. Intl gives the wall date in any zone without local-time Dates.
export const NEPAL_TIME_ZONE = 'Asia/Kathmandu';

// Building an Intl.DateTimeFormat costs far more than using one, and the apply path asks for
// "today" on every request: one formatter per time zone is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// Nepal has kept UTC+05:45 all year since 1986 (no daylight saving): its date is then a shift
// of the instant, cheaper than formatToParts on a path every submit takes.
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
// 1986-01-01 00:00 at the +05:30 kept before.
const NEPAL_FIXED_OFFSET_SINCE = Date.UTC(1985, 11, 31, 18, 30);

export function todayAd(now: Date = new Date(), timeZone: string = NEPAL_TIME_ZONE): string {
  if (timeZone === NEPAL_TIME_ZONE && now.getTime() >= NEPAL_FIXED_OFFSET_SINCE) return new Date(now.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
  const parts = formatterFor(timeZone).formatToParts(now);
  const readPart = (type: 'year' | 'month' | 'day'): number => Number(parts.find((part) => part.type === type)?.value);
  return formatIsoDate({ year: readPart('year'), month: readPart('month'), day: readPart('day') });
}

/**
 * The Nepal calendar day of a value the API sends: a plain date (2025-04-14) is that day
 * already; a timestamp is read on Nepal's clock, so an application sent at 00:30 in Kathmandu
 * (18:45 the day before in UTC) is shown on the day the candidate sent it. Undefined for text
 * that is neither.
 */
export function nepalDayOf(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : todayAd(instant);
}
