// Pure rules of the admit card screens (spec §7 "Admit card: generate, confirm, download"), kept
// apart from React so they are tested in Node.

/** The statement's version prefix, as the QR prints it: `${PUBLIC_URL}/verify#v1.<body>.<sig>`. */
const STATEMENT_PREFIX = 'v1.';

/**
 * The signed statement out of what a person has: the page's `location.hash` (a phone camera opens
 * the QR's address), the whole address pasted, or the statement alone. Spaces and line breaks a
 * paste or a QR reader adds are dropped; an empty string when there is no statement.
 */
export function readStatement(text: string): string {
  const afterHash = text.includes('#') ? text.slice(text.indexOf('#') + 1) : text;
  let statement = afterHash.replace(/\s+/g, '');
  try {
    statement = decodeURIComponent(statement);
  } catch {
    // A malformed escape is left as it came: the server will call it not genuine.
  }
  return statement;
}

/** Whether the text looks like a statement at all (worth sending for a check). */
export function isStatementShaped(statement: string): boolean {
  return statement.startsWith(STATEMENT_PREFIX) && statement.length > STATEMENT_PREFIX.length;
}

/** A file name that says what the PDF holds: `admit-card-<advertisement>-<roll>-<lang>.pdf`. */
export function admitCardFileName(card: { advertisementCode: string; rollNumber: string }, language: 'ne' | 'en'): string {
  const safe = (value: string) => value.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return ['admit-card', safe(card.advertisementCode), safe(card.rollNumber), language].filter(Boolean).join('-') + '.pdf';
}

/** `%PDF-`: a real PDF, not an error page a proxy or captive portal answered in its place. */
export function isPdf(firstBytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return firstBytes.length >= magic.length && magic.every((byte, index) => firstBytes[index] === byte);
}

/** A start time `HH:MM` and a duration as the `HH:MM` the paper ends (same day). */
export function endTimeOf(startTime: string, durationMinutes: number): string {
  const [hours = 0, minutes = 0] = startTime.split(':').map(Number);
  const end = hours * 60 + minutes + durationMinutes;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(end / 60) % 24)}:${pad(end % 60)}`;
}

/** spec §7 rules printed on the card: arrive this many minutes before the first paper starts. */
export const ARRIVE_MINUTES_BEFORE = 30;

/** The latest time to arrive for a paper starting at `HH:MM`. */
export function arrivalTimeOf(startTime: string): string {
  return endTimeOf(startTime, 24 * 60 - ARRIVE_MINUTES_BEFORE);
}
