import { formatIsoDate } from './gregorian';

// The commission works in Nepal time: "today" for a deadline is the date in Kathmandu, not on the
// server's or the browser's clock. Intl gives the wall date in any zone without local-time Dates.
export const NEPAL_TIME_ZONE = 'Asia/Kathmandu';

export function todayAd(now: Date = new Date(), timeZone: string = NEPAL_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const readPart = (type: 'year' | 'month' | 'day'): number => Number(parts.find((part) => part.type === type)?.value);
  return formatIsoDate({ year: readPart('year'), month: readPart('month'), day: readPart('day') });
}
