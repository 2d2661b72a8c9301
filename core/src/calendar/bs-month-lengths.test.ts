import bikramSambat from 'bikram-sambat';
import { NEPALI_DATE_MAP } from 'nepali-date-library';
import { describe, expect, it } from 'vitest';
import { BS_MONTH_LENGTHS, BS_TABLE_FIRST_YEAR } from './bs-month-lengths';

function rowOf(year: number): readonly number[] | undefined {
  return BS_MONTH_LENGTHS[year - BS_TABLE_FIRST_YEAR];
}

function bikramSambatRow(year: number): number[] {
  return Array.from({ length: 12 }, (_, index) => bikramSambat.daysInMonth(year, index + 1));
}

function nepaliDateLibraryRow(year: number): number[] | undefined {
  return NEPALI_DATE_MAP.find((entry) => entry.year === year)?.days;
}

describe('where the month-length table comes from', () => {
  it('matches both reference packages on every month of 2000 .. 2084', () => {
    for (let year = 2000; year <= 2084; year += 1) {
      expect(rowOf(year), `B.S. ${year}`).toEqual(bikramSambatRow(year));
      expect(rowOf(year), `B.S. ${year}`).toEqual(nepaliDateLibraryRow(year));
    }
  });

  it('takes bikram-sambat’s forecast for 2085 .. 2090, where the packages disagree', () => {
    for (let year = 2085; year <= 2090; year += 1) {
      expect(rowOf(year), `B.S. ${year}`).toEqual(bikramSambatRow(year));
      // Recorded so a change in either package shows up here first.
      expect(nepaliDateLibraryRow(year), `B.S. ${year}`).not.toEqual(bikramSambatRow(year));
    }
  });
});
