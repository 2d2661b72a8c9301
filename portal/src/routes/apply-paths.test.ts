import { describe, expect, it } from 'vitest';
import { applyPath, profileTabOf, voucherPath } from './apply-paths';

describe('apply and pay paths (spec §2)', () => {
  it('names the advertisement, the candidate, the requisition and the code in the apply route', () => {
    expect(applyPath({ id: 7, code: '12/2082-83', requisitionId: 3 }, 4001, false)).toBe('/vacancy/7/4001/3/12%2F2082-83');
    expect(applyPath({ id: 7, code: 'A1' }, undefined, true)).toBe('/organization/vacancy/7/0/0/A1');
  });

  it('fills every segment of the voucher route, the charge first and the amount due last', () => {
    expect(voucherPath({ chargeId: 15, amount: 1500, advertisementCode: 'A1', appliedOn: '2026-11-21T04:00:00.000Z' }, 4001)).toBe('/voucher-upload/15/A1/2026-11-21/4001/-/1500');
    // Sent at 00:30 in Kathmandu on the 22nd, which is still the 21st in UTC: the day is Nepal's.
    expect(voucherPath({ chargeId: 15, amount: 1500, advertisementCode: 'A1', appliedOn: '2026-11-21T18:45:00.000Z' }, 4001)).toBe('/voucher-upload/15/A1/2026-11-22/4001/-/1500');
  });

  it('sends the missing-documents modal to the tab of the first thing missing', () => {
    expect(profileTabOf(['extra', 'photograph'])).toBe('extra');
    expect(profileTabOf(['citizenship-front'])).toBe('documents');
    expect(profileTabOf([])).toBe('personal');
  });
});
