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

export function todayAd(now: Date = new Date(), timeZone: string = NEPAL_TIME_ZONE): string {
  const parts = formatterFor(timeZone).formatToParts(now);
  const readPart = (type: 'year' | 'month' | 'day'): number => Number(parts.find((part) => part.type === type)?.value);
  return formatIsoDate({ year: readPart('year'), month: readPart('month'), day: readPart('day') });
}
