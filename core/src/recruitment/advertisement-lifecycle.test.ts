import { describe, expect, it } from 'vitest';
import {
  ADVERTISEMENT_EDITS,
  ADVERTISEMENT_STATUSES,
  ADVERTISEMENT_TRANSITIONS,
  allowedAdvertisementActions,
  checkAdvertisementDates,
  nextAdvertisementStatus,
  type AdvertisementAction,
  type AdvertisementDates,
  type AdvertisementStatus,
} from './advertisement-lifecycle';

// Every (status, action) pair: the allowed ones lead where the table says, every other is null.
const expected: Record<AdvertisementStatus, Partial<Record<AdvertisementAction, AdvertisementStatus>>> = {
  draft: { configure: 'configured', 'change-dates': 'draft', 'update-number': 'draft', 'configure-options': 'draft', 'add-quota': 'draft' },
  configured: {
    configure: 'configured',
    'pre-live': 'pending',
    'change-dates': 'configured',
    'update-number': 'configured',
    'configure-options': 'configured',
    'add-quota': 'configured',
  },
  pending: { publish: 'published', reject: 'rejected', 'change-dates': 'pending', 'update-number': 'pending' },
  rejected: {
    configure: 'configured',
    'change-dates': 'rejected',
    'update-number': 'rejected',
    'configure-options': 'rejected',
    'add-quota': 'rejected',
  },
  published: { close: 'closed', 'change-dates': 'published', 'update-number': 'published', 'add-quota': 'published' },
  closed: { open: 'published' },
};

const actions = [...Object.keys(ADVERTISEMENT_TRANSITIONS), ...Object.keys(ADVERTISEMENT_EDITS)] as AdvertisementAction[];

describe('advertisement lifecycle', () => {
  for (const status of ADVERTISEMENT_STATUSES) {
    for (const action of actions) {
      const to = expected[status][action] ?? null;
      it(`${status} --${action}--> ${to ?? 'refused'}`, () => {
        expect(nextAdvertisementStatus(status, action)).toBe(to);
      });
    }
  }

  it('lists the actions a screen may offer', () => {
    expect(allowedAdvertisementActions('closed')).toEqual(['open']);
    expect(allowedAdvertisementActions('pending')).toEqual(['publish', 'reject', 'change-dates', 'update-number']);
  });
});

describe('checkAdvertisementDates', () => {
  const complete: AdvertisementDates = {
    publishDate: '2026-01-01',
    paymentLastDate: '2026-01-21',
    lastDateForSubmission: '2026-01-21',
    doubleFeeLastDate: '2026-01-28',
    ageCutOffDate: '2026-01-21',
    reapplyFrom: null,
    reapplyTo: null,
  };

  it('accepts dates in order', () => {
    expect(checkAdvertisementDates(complete, true)).toEqual([]);
  });

  it('needs every date to publish, not to save a draft', () => {
    const partial = { ...complete, doubleFeeLastDate: null };
    expect(checkAdvertisementDates(partial, true)).toEqual(['advertisement.datesMissing']);
    expect(checkAdvertisementDates(partial, false)).toEqual([]);
  });

  it('names each date out of order', () => {
    expect(checkAdvertisementDates({ ...complete, paymentLastDate: '2025-12-31' }, true)).toContain('advertisement.paymentBeforePublish');
    expect(checkAdvertisementDates({ ...complete, lastDateForSubmission: '2026-01-20' }, true)).toContain('advertisement.submissionBeforePayment');
    expect(checkAdvertisementDates({ ...complete, doubleFeeLastDate: '2026-01-20' }, true)).toContain('advertisement.doubleFeeBeforeSubmission');
  });

  it('wants both ends of a re-apply window, in order', () => {
    expect(checkAdvertisementDates({ ...complete, reapplyFrom: '2026-02-01', reapplyTo: null }, true)).toEqual(['advertisement.reapplyWindowInvalid']);
    expect(checkAdvertisementDates({ ...complete, reapplyFrom: '2026-02-05', reapplyTo: '2026-02-01' }, true)).toEqual(['advertisement.reapplyWindowInvalid']);
    expect(checkAdvertisementDates({ ...complete, reapplyFrom: '2026-02-01', reapplyTo: '2026-02-05' }, true)).toEqual([]);
  });
});
