import { describe, expect, it } from 'vitest';
import { scrutinyDecisionSchema } from '../schemas/staff/scrutiny-decisions';
import { applicationStatusOfQuotas, SCRUTINY_REASONS, scrutinyStatusOfQuotas } from './scrutiny-decisions';

describe('the application status the quotas decisions give (spec §4)', () => {
  it('is approved, rejected or partially approved once every quota is decided, pending before', () => {
    expect(applicationStatusOfQuotas(['approved', 'approved'])).toBe('approved');
    expect(applicationStatusOfQuotas(['rejected', 'rejected'])).toBe('rejected');
    expect(applicationStatusOfQuotas(['approved', 'rejected'])).toBe('partially-approved');
    expect(applicationStatusOfQuotas(['approved', 'pending'])).toBe('pending');
    expect(applicationStatusOfQuotas([])).toBe('pending');
  });

  it("finishes the officer's allocation once every quota is decided, and keeps a hold until then", () => {
    expect(scrutinyStatusOfQuotas(['approved', 'rejected'], 'pending')).toBe('approved');
    expect(scrutinyStatusOfQuotas(['rejected'], 'hold')).toBe('rejected');
    expect(scrutinyStatusOfQuotas(['approved', 'pending'], 'hold')).toBe('hold');
    expect(scrutinyStatusOfQuotas(['pending', 'pending'], 'approved')).toBe('pending');
  });
});

describe('a decision', () => {
  it('needs a standard reason or a typed remark for hold, reject and revert, not for approve', () => {
    for (const decision of ['hold', 'reject', 'revert']) {
      const refused = scrutinyDecisionSchema.safeParse({ decision, remark: '  ', version: 0 });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['scrutiny.remarkRequired']);
      expect(scrutinyDecisionSchema.safeParse({ decision, reasonCode: 'age', version: 0 }).success).toBe(true);
      expect(scrutinyDecisionSchema.safeParse({ decision, remark: 'Typed', version: 0 }).success).toBe(true);
    }
    expect(scrutinyDecisionSchema.safeParse({ decision: 'approve', version: 0 }).success).toBe(true);
  });

  it('holds only the whole application, and reads a quota id typed in Devanagari digits', () => {
    expect(scrutinyDecisionSchema.safeParse({ decision: 'hold', advertisementQuotaId: 3, remark: 'x', version: 0 }).success).toBe(false);
    expect(scrutinyDecisionSchema.parse({ decision: 'approve', advertisementQuotaId: '१२', version: 0 }).advertisementQuotaId).toBe(12);
  });

  it('has each standard reason once, in both languages', () => {
    expect(new Set(SCRUTINY_REASONS.map((reason) => reason.code)).size).toBe(SCRUTINY_REASONS.length);
    for (const reason of SCRUTINY_REASONS) expect(reason.en.length * reason.np.length).toBeGreaterThan(0);
  });
});
