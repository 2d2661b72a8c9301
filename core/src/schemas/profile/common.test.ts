import { z } from 'zod';
import { addDaysAd } from '../../calendar/gregorian';
import { todayAd } from '../../calendar/today';
import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-helpers.test-support';
import { checkDateOrder, datePairFields, decimalSchema, personNameSchema, readDate, wordsText, yesNoSchema } from './common';

const period = z
  .object({ ...datePairFields('from'), ...datePairFields('to') })
  .transform((value, context) => {
    const from = readDate(value, 'from', context, { required: true, notInFuture: true });
    const to = readDate(value, 'to', context, { required: false });
    checkDateOrder(from, to, 'to', context);
    return { from, to };
  });

describe('date pairs', () => {
  it('takes a date in A.D. or in B.S. (either digits), and hands on the A.D. date', () => {
    expect(period.parse({ fromAd: '2020-08-01' })).toEqual({ from: '2020-08-01', to: undefined });
    expect(period.parse({ fromBs: '२०७७-०४-१७' })).toEqual({ from: '2020-08-01', to: undefined });
    expect(period.parse({ fromAd: '2020-08-01', fromBs: '2077/4/17', toBs: '' })).toEqual({ from: '2020-08-01', to: undefined });
  });

  it('refuses a missing required date, the two calendars disagreeing, a future date and an end before the start', () => {
    expect(messagesOf(period, {})).toEqual({ fromAd: ['This field is required.'] });
    expect(messagesOf(period, { fromAd: '2020-08-01', fromBs: '2077-04-18' })).toEqual({ fromBs: ['The A.D. and B.S. dates are not the same day.'] });
    expect(messagesOf(period, { fromAd: addDaysAd(todayAd(), 30) })).toEqual({ fromAd: ['This date cannot be in the future.'] });
    expect(messagesOf(period, { fromAd: '2020-08-01', toAd: '2020-08-01' })).toEqual({ toAd: ['The end date must be after the start date.'] });
    expect(messagesOf(period, { fromAd: '2020-02-30' })).toEqual({ fromAd: ['Please enter a valid date (YYYY-MM-DD).'] });
    expect(messagesOf(period, { fromBs: '2077-13-01' })).toEqual({ fromBs: ['Please enter a valid date (YYYY-MM-DD).'] });
  });
});

describe('field rules', () => {
  it('reads decimals typed in either digit set, refusing anything else and more than two decimals', () => {
    const decimal = decimalSchema();
    expect(decimal.parse('७२.५')).toBe(72.5);
    expect(decimal.parse(80)).toBe(80);
    expect(messagesOf(decimal, '80%')).toEqual({ '': ['Only numbers and decimals are allowed.'] });
    expect(messagesOf(decimal, '-5')).toEqual({ '': ['Only numbers and decimals are allowed.'] });
    expect(messagesOf(decimal, '1.234')).toEqual({ '': ['At most two digits are allowed after the decimal point.'] });
    expect(messagesOf(decimal, '')).toEqual({ '': ['This field is required.'] });
  });

  it('takes words in English or Nepali with the punctuation of names, never digits', () => {
    const words = wordsText();
    expect(words.parse('  Nepal Rastra  Bank, Pvt. Ltd. (Head Office) ')).toBe('Nepal Rastra Bank, Pvt. Ltd. (Head Office)');
    expect(words.parse('गृह मन्त्रालय')).toBe('गृह मन्त्रालय');
    expect(messagesOf(words, 'Office 2')).toEqual({ '': ['Only letters and spaces are allowed.'] });
    expect(messagesOf(words, '...')).toEqual({ '': ['Only letters and spaces are allowed.'] });
    expect(personNameSchema.parse('हरि प्रसाद')).toBe('हरि प्रसाद');
    expect(messagesOf(personNameSchema, 'Hari 2')).toEqual({ '': ['Only letters are allowed.'] });
  });

  it('reads yes and no as a form or multipart body sends them', () => {
    const yesNo = yesNoSchema();
    expect([true, 'yes', 'true', 'on', '1'].map((value) => yesNo.parse(value))).toEqual([true, true, true, true, true]);
    expect([false, 'no', 'false', 'off', '0'].map((value) => yesNo.parse(value))).toEqual([false, false, false, false, false]);
    expect(messagesOf(yesNo, 'maybe')).toEqual({ '': ['This field is required.'] });
  });
});
