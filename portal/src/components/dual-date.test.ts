import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from '../core-forms';
import { dateFieldOf, dualDateFromStored, normalizeTypedDate, readDualDate, switchCalendar, toDatePair } from './dual-date';

// 2057-10-01 B.S. is 2001-01-14 A.D. (1 Magh 2057, Maghe Sankranti).
const BS = '2057-10-01';
const AD = '2001-01-14';

describe('readDualDate', () => {
  it('reads a B.S. date and gives its A.D. twin', () => {
    expect(readDualDate({ calendar: 'bs', text: BS })).toEqual({ status: 'valid', ad: AD, bs: BS });
  });

  it('reads an A.D. date and gives its B.S. twin', () => {
    expect(readDualDate({ calendar: 'ad', text: AD })).toEqual({ status: 'valid', ad: AD, bs: BS });
  });

  it('reads Devanagari digits, slashes and one-digit months and days', () => {
    expect(readDualDate({ calendar: 'bs', text: '२०५७-१०-०१' })).toEqual({ status: 'valid', ad: AD, bs: BS });
    expect(readDualDate({ calendar: 'bs', text: '2057/10/1' })).toEqual({ status: 'valid', ad: AD, bs: BS });
    expect(readDualDate({ calendar: 'ad', text: '२००१/१/१४' })).toEqual({ status: 'valid', ad: AD, bs: BS });
  });

  it('says empty, still being typed, or not a date', () => {
    expect(readDualDate(null)).toEqual({ status: 'empty' });
    expect(readDualDate({ calendar: 'bs', text: '   ' })).toEqual({ status: 'empty' });
    expect(readDualDate({ calendar: 'bs', text: '2057-1' })).toEqual({ status: 'incomplete' });
    // Poush 2057 has 29 days, so the 32nd does not exist; February has no 30th.
    expect(readDualDate({ calendar: 'bs', text: '2057-09-32' })).toEqual({ status: 'invalid' });
    expect(readDualDate({ calendar: 'ad', text: '2001-02-30' })).toEqual({ status: 'invalid' });
  });

  it('refuses an A.D. date outside the B.S. table, which could not be shown in B.S.', () => {
    expect(readDualDate({ calendar: 'ad', text: '1800-01-01' })).toEqual({ status: 'invalid' });
  });
});

describe('normalizeTypedDate', () => {
  it('gives eight digits typed on a number pad their hyphens, in the digits typed', () => {
    expect(normalizeTypedDate('20571001')).toBe('2057-10-01');
    expect(normalizeTypedDate('२०५७१००१')).toBe('२०५७-१०-०१');
  });

  it('leaves anything else as typed', () => {
    expect(normalizeTypedDate('2057-10')).toBe('2057-10');
    expect(normalizeTypedDate('205710011')).toBe('205710011');
  });
});

describe('switchCalendar', () => {
  it('keeps the same day when the date is valid, in the digits the person used', () => {
    expect(switchCalendar({ calendar: 'bs', text: BS }, 'ad')).toEqual({ calendar: 'ad', text: AD });
    expect(switchCalendar({ calendar: 'ad', text: AD }, 'bs')).toEqual({ calendar: 'bs', text: BS });
    expect(switchCalendar({ calendar: 'bs', text: '२०५७-१०-०१' }, 'ad')).toEqual({ calendar: 'ad', text: '२००१-०१-१४' });
  });

  it('keeps the text of a date not yet valid', () => {
    expect(switchCalendar({ calendar: 'bs', text: '2057-1' }, 'ad')).toEqual({ calendar: 'ad', text: '2057-1' });
  });
});

describe('toDatePair and the register schema', () => {
  it('sends the text under the name of its calendar, and nothing when empty', () => {
    expect(toDatePair('dateOfBirth', { calendar: 'bs', text: ` ${BS} ` })).toEqual({ dateOfBirthBs: BS });
    expect(toDatePair('dateOfBirth', { calendar: 'ad', text: AD })).toEqual({ dateOfBirthAd: AD });
    expect(toDatePair('dateOfBirth', { calendar: 'bs', text: '' })).toEqual({});
    expect(toDatePair('dateOfBirth', null)).toEqual({});
  });

  it('gives core registerRequestSchema the same dates, and its messages come back to the date field', () => {
    const base = {
      firstNameEn: 'Sita',
      lastNameEn: 'Sharma',
      username: 'sita_sharma',
      email: 'sita@example.com',
      mobile: '9841000000',
      citizenshipNumber: '27-01-75-12345',
      citizenshipIssueDistrictId: 27,
      gender: 'female',
    };
    const parsed = registerRequestSchema.safeParse({
      ...base,
      ...toDatePair('dateOfBirth', { calendar: 'bs', text: '२०५७-१०-०१' }),
      ...toDatePair('citizenshipIssueDate', { calendar: 'ad', text: '2018-05-02' }),
    });
    expect(parsed.success && parsed.data).toMatchObject({ dateOfBirth: AD, citizenshipIssueDate: '2018-05-02' });

    const missing = registerRequestSchema.safeParse({ ...base, ...toDatePair('dateOfBirth', { calendar: 'bs', text: BS }) });
    const paths = missing.success ? [] : missing.error.issues.map((issue) => dateFieldOf(issue.path.join('.'), ['dateOfBirth', 'citizenshipIssueDate']));
    expect(paths).toEqual(['citizenshipIssueDate']);
  });
});

describe('dualDateFromStored', () => {
  it('shows a stored date in B.S., from the B.S. the API sent or converted from A.D.', () => {
    expect(dualDateFromStored(AD, BS)).toEqual({ calendar: 'bs', text: BS });
    expect(dualDateFromStored(AD)).toEqual({ calendar: 'bs', text: BS });
    expect(dualDateFromStored(null)).toEqual({ calendar: 'bs', text: '' });
  });
});
