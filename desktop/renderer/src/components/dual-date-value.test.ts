import { describe, expect, it } from 'vitest';
import { adOfBsText, bsTextOf } from './dual-date-value';

describe('the two calendars of a form date', () => {
  it('gives the B.S. twin of an A.D. day in the reader digits', () => {
    expect(bsTextOf('2025-04-14', 'en')).toBe('2082-01-01');
    expect(bsTextOf('2025-04-14', 'ne')).toBe('२०८२-०१-०१');
    expect(bsTextOf('1800-01-01', 'en')).toBe('');
    expect(bsTextOf(null, 'en')).toBe('');
  });

  it('reads a typed B.S. date back to its A.D. day, in either digits and separator', () => {
    expect(adOfBsText('2082-01-01')).toBe('2025-04-14');
    expect(adOfBsText('२०८२/१/१')).toBe('2025-04-14');
    expect(adOfBsText(' 2081-12-31 ')).toBe('2025-04-13');
  });

  it('answers null for text that is no B.S. date', () => {
    for (const text of ['', '2082-01', '2082-13-01', '2082-01-33', 'tomorrow', '1999-01-01']) expect(adOfBsText(text), text).toBeNull();
  });

  it('goes there and back for every day of a year', () => {
    let day = new Date(Date.UTC(2024, 0, 1));
    for (let index = 0; index < 366; index += 1) {
      const ad = day.toISOString().slice(0, 10);
      expect(adOfBsText(bsTextOf(ad, 'ne'))).toBe(ad);
      day = new Date(day.getTime() + 86_400_000);
    }
  });
});
