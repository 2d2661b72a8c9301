import { describe, expect, it } from 'vitest';
import { advertisementConfigurationSchema, advertisementDatesSchema, advertisementQuotaAddSchema, advertisementRejectSchema, describeAdvertisementDateIssues } from './advertisement';
import { promotionRejectSchema, promotionSchema } from './promotion';
import { relevanceSchema } from './relevance';

const noDates = { publishDate: null, paymentLastDate: null, lastDateForSubmission: null, doubleFeeLastDate: null, ageCutOffDate: null, reapplyFrom: null, reapplyTo: null };

describe('advertisement schemas', () => {
  it('read dates typed with Devanagari digits and clear absent ones', () => {
    const parsed = advertisementDatesSchema.parse({ publishDate: '२०२५-११-०१', paymentLastDate: '2025-11-20', lastDateForSubmission: '' });
    expect(parsed).toEqual({ ...noDates, publishDate: '2025-11-01', paymentLastDate: '2025-11-20' });
  });

  it('put each date-order issue on the later date', () => {
    const result = advertisementDatesSchema.safeParse({ publishDate: '2025-11-10', paymentLastDate: '2025-11-01', reapplyFrom: '2025-12-01' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(expect.arrayContaining([['paymentLastDate', 'advertisement.paymentBeforePublish'], ['reapplyTo', 'advertisement.reapplyWindowInvalid']]));
  });

  it('name every missing date when all are required (publishing)', () => {
    const issues = describeAdvertisementDateIssues({ ...noDates, publishDate: '2025-11-01' }, true);
    expect(issues.map((issue) => issue.field)).toEqual(['paymentLastDate', 'lastDateForSubmission', 'doubleFeeLastDate', 'ageCutOffDate']);
    expect(describeAdvertisementDateIssues(noDates, false)).toEqual([]);
  });

  it('check the age order of a configuration', () => {
    const base = { minAgeYears: 18, maxAgeYears: 35, maxAgeYearsRelaxed: 40, examCentreIds: [1, '२'] };
    expect(advertisementConfigurationSchema.parse(base)).toMatchObject({ examCentreIds: [1, 2], optionalSubjectIds: [] });
    const wrong = advertisementConfigurationSchema.safeParse({ ...base, maxAgeYears: 45 });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual(['advertisement.ageOrder']);
    expect(advertisementConfigurationSchema.safeParse({ ...base, examCentreIds: [1, 1] }).success).toBe(false);
  });

  it('require a reject remark, and a quota, vacancies and number to add a quota', () => {
    expect(advertisementRejectSchema.safeParse({ remarks: '  ' }).success).toBe(false);
    const quota = advertisementQuotaAddSchema.safeParse({ vacancies: 0 });
    expect(Object.keys(quota.error!.flatten().fieldErrors).sort()).toEqual(['advertisementNumberId', 'quotaId', 'vacancies']);
  });
});

describe('promotion and relevance schemas', () => {
  it('take a promotion vacancy with type, number, area and fee', () => {
    const parsed = promotionSchema.parse({ fiscalYear: '२०८२/८३', promotionTypeId: 1, serviceId: 2, classId: 3, vacancies: '4', fee: 1000, area: 'Bagmati' });
    expect(parsed).toMatchObject({ fiscalYear: '2082/83', vacancies: 4, fee: 1000, groupId: null, postId: null, decisionId: null });
    expect(promotionSchema.safeParse({ fiscalYear: '2082', promotionTypeId: 1, serviceId: 2, classId: 3, vacancies: 0, fee: -1 }).success).toBe(false);
    expect(promotionRejectSchema.safeParse({}).success).toBe(false);
  });

  it('take a relevance of a faculty to a service', () => {
    expect(relevanceSchema.parse({ serviceId: 1, facultyId: '3', descriptionEn: '' })).toEqual({ serviceId: 1, groupId: null, facultyId: 3, decisionId: null, descriptionEn: null, descriptionNp: null });
  });
});
