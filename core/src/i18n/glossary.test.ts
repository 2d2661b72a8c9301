import { describe, expect, it } from 'vitest';
import { GLOSSARY, findGlossaryDepartures, findGlossaryVariants, findHandWrittenMoney } from './glossary';
import { profileLabelsEn, profileLabelsNe } from './profile-labels';
import { MESSAGES } from './translate';

describe('the glossary', () => {
  it('finds a variant it avoids, with the word to use', () => {
    expect(findGlossaryVariants({ a: 'मेरा आवेदनहरू', b: 'भौचर पेस भयो', c: 'बुबाको पेसा', d: 'दरखास्त पेश भयो' }, 'ne')).toEqual([
      { key: 'a', variant: 'आवेदन', use: 'दरखास्त' },
      { key: 'b', variant: 'पेस', use: 'पेश' },
    ]);
    expect(findGlossaryVariants({ a: 'Your Exam Center', b: 'advertisement {advert}', c: 'the advert' }, 'en')).toEqual([
      { key: 'a', variant: 'exam center', use: 'exam centre' },
      { key: 'c', variant: 'advert', use: 'advertisement' },
    ]);
  });

  it('never lists a preferred word among the variants to avoid', () => {
    for (const entry of GLOSSARY) {
      expect(findGlossaryVariants({ ne: entry.ne }, 'ne'), entry.term).toEqual([]);
      expect(findGlossaryVariants({ en: entry.en }, 'en'), entry.term).toEqual([]);
    }
  });

  it('finds money written by hand', () => {
    expect(findHandWrittenMoney({ a: 'दस्तुर रु. {amount}', b: 'fee {amount} rupees', c: 'Rs. {amount}', d: 'दस्तुर {amount}', e: 'Fee: {amount}' })).toEqual(['a', 'b', 'c']);
  });

  it('lists the departures of a catalogue pair in both languages, and none for catalogues that follow it', () => {
    expect(findGlossaryDepartures({ ne: { a: 'मेरा आवेदनहरू', b: 'दस्तुर रु. {amount}' }, en: { c: 'the advert', d: 'Fee: {amount}' } })).toEqual({
      variants: [
        { key: 'a', variant: 'आवेदन', use: 'दरखास्त' },
        { key: 'c', variant: 'advert', use: 'advertisement' },
      ],
      handWrittenMoney: ['b'],
    });
    expect(findGlossaryDepartures({ ne: { a: 'दरखास्त पेश भयो' }, en: { a: 'My applications', b: 'Fee: {amount}' } })).toEqual({ variants: [], handWrittenMoney: [] });
  });
});

describe("core's catalogues", () => {
  it('write the glossary terms and no variant', () => {
    expect(findGlossaryVariants({ ...MESSAGES.ne, ...profileLabelsNe }, 'ne')).toEqual([]);
    expect(findGlossaryVariants({ ...MESSAGES.en, ...profileLabelsEn }, 'en')).toEqual([]);
  });

  it('take amounts formatted by formatMoney and write no currency themselves', () => {
    expect(findHandWrittenMoney({ ...MESSAGES.ne, ...profileLabelsNe })).toEqual([]);
    expect(findHandWrittenMoney({ ...MESSAGES.en, ...profileLabelsEn })).toEqual([]);
  });
});
