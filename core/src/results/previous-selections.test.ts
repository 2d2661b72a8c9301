import { describe, expect, it } from 'vitest';
import { findPreviousSelections, normaliseCitizenshipNumber, type PublishedSelectionPerson } from './previous-selections';

const published = (overrides: Partial<PublishedSelectionPerson>): PublishedSelectionPerson => ({
  selectionId: 1,
  kind: 'final',
  outcome: 'selected',
  applicationId: 10,
  advertisementId: 100,
  userId: 5,
  citizenshipNumber: '12-03-45',
  dateOfBirth: '1995-04-13',
  ...overrides,
});

describe('normaliseCitizenshipNumber', () => {
  it('reads either digit set and ignores separators', () => {
    expect(normaliseCitizenshipNumber('१२-०३/४५')).toBe('120345');
    expect(normaliseCitizenshipNumber(' 12 03.45 ')).toBe('120345');
  });
});

describe('findPreviousSelections', () => {
  const person = { applicationId: 20, advertisementId: 200, userId: 6, citizenshipNumber: '१२०३४५', dateOfBirth: '1995-04-13' };
  it.each<[string, PublishedSelectionPerson[], unknown[]]>([
    ['another account with the same citizenship number and birth date', [published({})], [{ applicationId: 20, matchedBy: 'citizenship', where: 'other-advertisement' }]],
    ['the same account elsewhere', [published({ userId: 6, citizenshipNumber: 'x' })], [{ applicationId: 20, matchedBy: 'account', where: 'other-advertisement' }]],
    ['the same advertisement selected them under another application', [published({ advertisementId: 200, applicationId: 11 })], [{ matchedBy: 'citizenship', where: 'same-advertisement' }]],
    ['a different birth date is another person', [published({ dateOfBirth: '1996-04-13' })], []],
    ['an alternate is not a selection', [published({ outcome: 'alternate' })], []],
    ['the application itself is not a match', [published({ applicationId: 20, advertisementId: 200 })], []],
  ])('%s', (_name, previous, expected) => {
    const matches = findPreviousSelections([person], previous);
    expect(matches).toHaveLength(expected.length);
    expected.forEach((match, index) => expect(matches[index]).toMatchObject(match as object));
  });

  it('reports a row matched by account and citizenship once', () => {
    expect(findPreviousSelections([person], [published({ userId: 6 })])).toHaveLength(1);
  });
});
