import { describe, expect, it } from 'vitest';
import { checkEligibility, findMissingRequirements, isAgeWithin, quotaClaimOf, quotaRefusalFor, type EligibilityAdvertisement, type EligibilityCandidate } from './eligibility';

const advertisement: EligibilityAdvertisement = { ageCutOffDate: '2026-12-15', minAgeYears: 18, maxAgeYears: 35, maxAgeYearsRelaxed: 40 };
const complete: EligibilityCandidate = {
  dateOfBirth: '1998-05-20',
  gender: 'male',
  physicallyDisabled: false,
  hasPersonal: true,
  hasExtra: true,
  hasContact: true,
  documentKinds: ['photograph', 'signature', 'citizenship-front', 'citizenship-back'],
  educations: [{ levelRank: 60, facultyId: 3 }],
};
const bachelorInManagement = { levelRank: 60, facultyIds: [3] };

describe('checkEligibility', () => {
  it('admits a complete candidate within the limits, with the age on the cut-off date', () => {
    const answer = checkEligibility(complete, advertisement, bachelorInManagement);
    expect(answer).toMatchObject({ eligible: true, age: { years: 28, months: 6, days: 25 }, ageLimit: { minYears: 18, maxYears: 35, isRelaxed: false }, reasons: [] });
  });

  it.each([
    ['one day short of 18 on the cut-off date', '2008-12-16', 'application.tooYoung'],
    ['18 exactly on the cut-off date', '2008-12-15', null],
    ['35 years exactly', '1991-12-15', null],
    ['35 years and one day', '1991-12-14', 'application.tooOld'],
    ['born after the cut-off date', '2027-01-01', 'application.tooYoung'],
  ] as const)('judges the age of a man %s', (_label, dateOfBirth, reason) => {
    const answer = checkEligibility({ ...complete, dateOfBirth }, advertisement, null);
    expect(answer.reasons).toEqual(reason ? [reason] : []);
  });

  it('relaxes the maximum age for women and persons with disabilities, not for others', () => {
    const thirtyEight = { ...complete, dateOfBirth: '1988-06-01' };
    expect(checkEligibility(thirtyEight, advertisement, null).reasons).toEqual(['application.tooOld']);
    expect(checkEligibility({ ...thirtyEight, gender: 'female' }, advertisement, null)).toMatchObject({ eligible: true, ageLimit: { maxYears: 40, isRelaxed: true } });
    expect(checkEligibility({ ...thirtyEight, physicallyDisabled: true }, advertisement, null).eligible).toBe(true);
    expect(checkEligibility({ ...thirtyEight, gender: 'female', dateOfBirth: '1986-12-14' }, advertisement, null).reasons).toEqual(['application.tooOld']);
  });

  it('needs an education at or above the level, in an accepted faculty (none listed: any)', () => {
    expect(checkEligibility(complete, advertisement, { levelRank: 70, facultyIds: [] }).reasons).toEqual(['application.qualificationNotMet']);
    expect(checkEligibility(complete, advertisement, { levelRank: 60, facultyIds: [9] }).reasons).toEqual(['application.qualificationNotMet']);
    expect(checkEligibility(complete, advertisement, { levelRank: 50, facultyIds: [] }).eligible).toBe(true);
  });

  it('names every missing section and document of the modal', () => {
    const bare: EligibilityCandidate = { ...complete, hasExtra: false, hasContact: false, documentKinds: ['photograph'], educations: [] };
    expect(findMissingRequirements(bare)).toEqual(['extra', 'contact', 'education', 'citizenship-front', 'citizenship-back', 'signature']);
    expect(checkEligibility(bare, advertisement, bachelorInManagement).reasons).toEqual(['application.missingDocuments', 'application.qualificationNotMet']);
  });

  it('refuses while the advertisement has no cut-off date', () => {
    expect(checkEligibility(complete, { ...advertisement, ageCutOffDate: null }, null).reasons).toEqual(['application.cutOffDateMissing']);
  });
});

describe('isAgeWithin', () => {
  it('admits the maximum in whole years only', () => {
    const limit = { minYears: 21, maxYears: 35, isRelaxed: false };
    expect(isAgeWithin({ years: 35, months: 0, days: 0 }, limit)).toBe(true);
    expect(isAgeWithin({ years: 35, months: 0, days: 1 }, limit)).toBe(false);
    expect(isAgeWithin({ years: 20, months: 11, days: 30 }, limit)).toBe(false);
  });
});

describe('quotaRefusalFor', () => {
  const man = { gender: 'male' as const, physicallyDisabled: false, inclusiveGroupCodes: [] as string[], isGovernmentEmployee: false };
  it.each([
    ['open', man, null],
    ['women', man, 'application.quotaWomenOnly'],
    ['women', { ...man, gender: 'female' as const }, null],
    ['disabled', man, 'application.quotaDisabledOnly'],
    ['disabled', { ...man, physicallyDisabled: true }, null],
    ['madhesi', man, 'application.quotaGroupNotClaimed'],
    ['madhesi', { ...man, inclusiveGroupCodes: ['madhesi'] }, null],
    ['dalit', { ...man, inclusiveGroupCodes: ['madhesi'] }, 'application.quotaGroupNotClaimed'],
    ['adivasi-janajati', { ...man, inclusiveGroupCodes: ['adivasi-janajati'] }, null],
    ['backward-area', { ...man, inclusiveGroupCodes: ['backward-area'] }, null],
    ['internal', man, 'application.quotaInternalOnly'],
    ['internal', { ...man, isGovernmentEmployee: true }, null],
    ['a-new-quota', man, null],
  ])('%s for %o -> %s', (code, claimant, refusal) => {
    expect(quotaRefusalFor(code, claimant)).toBe(refusal);
  });
});

describe('quotaClaimOf', () => {
  const woman = { gender: 'female' as const, physicallyDisabled: false, inclusiveGroupCodes: [] as string[], isGovernmentEmployee: false };
  it('offers a quota exactly when the submit would take it, and names the reason otherwise', () => {
    expect(quotaClaimOf('women', woman)).toEqual({ claimable: true, refusal: null });
    expect(quotaClaimOf('madhesi', woman)).toEqual({ claimable: false, refusal: 'application.quotaGroupNotClaimed' });
    for (const code of ['open', 'women', 'disabled', 'madhesi', 'dalit', 'internal']) {
      expect(quotaClaimOf(code, woman).refusal).toBe(quotaRefusalFor(code, woman));
    }
  });
});
