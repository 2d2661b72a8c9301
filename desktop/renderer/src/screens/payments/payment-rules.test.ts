import { describe, expect, it } from 'vitest';
import { candidateName, groupBesideStatus, groupLabel, isRefusal, isVerifiable, otherGroupsFor } from './payment-rules';

describe('payment screen rules', () => {
  it('names the candidate in the reading language, else the other, else the user name', () => {
    expect(candidateName({ fullNameEn: 'Bikash Gurung', fullNameNp: 'विकास गुरुङ', username: 'bikash' }, 'ne')).toBe('विकास गुरुङ');
    expect(candidateName({ fullNameEn: 'Bikash Gurung', fullNameNp: null, username: 'bikash' }, 'ne')).toBe('Bikash Gurung');
    expect(candidateName({ fullNameEn: null, fullNameNp: null, username: 'bikash' }, 'en')).toBe('bikash');
  });

  it('shows the verification group beside the status only when it says something the status does not', () => {
    expect(groupBesideStatus({ status: 'submitted', verificationGroup: 'submitted' })).toBeNull();
    expect(groupBesideStatus({ status: 'rejected', verificationGroup: 'rejected' })).toBeNull();
    expect(groupBesideStatus({ status: 'completed', verificationGroup: null })).toBeNull();
    expect(groupBesideStatus({ status: 'verified', verificationGroup: 'approved' })).toBe('approved');
    expect(groupBesideStatus({ status: 'submitted', verificationGroup: 'government' })).toBe('government');
  });

  it('lets staff verify vouchers and EBP codes, not online payments or refunds', () => {
    expect(isVerifiable({ method: 'voucher', status: 'submitted' })).toBe(true);
    expect(isVerifiable({ method: 'ebp', status: 'verified' })).toBe(true);
    expect(isVerifiable({ method: 'online', status: 'completed' })).toBe(false);
    expect(isVerifiable({ method: 'voucher', status: 'refund-due' })).toBe(false);
  });

  it('offers the remaining spec §4 groups beside approve and reject, never submitted or the current one', () => {
    expect(otherGroupsFor('submitted')).toEqual(['noVerification', 'implemented', 'government', 'governmentImplemented', 'governmentRejected']);
    expect(otherGroupsFor('government')).not.toContain('government');
    expect(isRefusal('governmentRejected')).toBe(true);
    expect(isRefusal('implemented')).toBe(false);
    expect(groupLabel('noVerification')).toBe('payments.group.noVerification');
  });
});
