import { describe, expect, it } from 'vitest';
import { certificateConfigurationSchema, CERTIFICATE_LIMITS, resultLookupSchema } from './certificate-schemas';

const valid = {
  bodyNp: '{name} लाई {post} पदमा सिफारिस गरिएको छ।',
  bodyEn: '{name} is recommended for the post of {post}.',
  signatoryNameNp: 'रामचन्द्र पौडेल',
  signatoryNameEn: 'Ramchandra Poudel',
  signatoryTitleNp: 'सचिव',
  signatoryTitleEn: 'Secretary',
};

describe('certificateConfigurationSchema', () => {
  it('takes a body with known placeholders and trims the fields', () => {
    expect(certificateConfigurationSchema.parse({ ...valid, signatoryTitleEn: '  Secretary ' }).signatoryTitleEn).toBe('Secretary');
  });

  it('refuses an unknown placeholder, an empty field and a body past its length', () => {
    const result = certificateConfigurationSchema.safeParse({ ...valid, bodyEn: 'Dear {nmae}', signatoryNameNp: ' ', bodyNp: 'क'.repeat(CERTIFICATE_LIMITS.bodyLength.max + 1) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ bodyEn: 'validation.certificatePlaceholder', signatoryNameNp: 'validation.required', bodyNp: 'validation.tooLong' });
  });
});

describe('resultLookupSchema', () => {
  it('reads a roll number in Devanagari digits and a date of birth in B.S. or A.D.', () => {
    expect(resultLookupSchema.parse({ rollNumber: '१००२१', dateOfBirthBs: '२०५५-०१-१५' })).toEqual({ rollNumber: 10021, dateOfBirth: '1998-04-28' });
    expect(resultLookupSchema.parse({ rollNumber: 10021, dateOfBirthAd: '1998-04-28' })).toEqual({ rollNumber: 10021, dateOfBirth: '1998-04-28' });
  });

  it('needs both fields', () => {
    const result = resultLookupSchema.safeParse({ rollNumber: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['dateOfBirthAd', 'rollNumber']);
    expect(resultLookupSchema.safeParse({ dateOfBirthAd: '1998-04-28' }).success).toBe(false);
  });
});
