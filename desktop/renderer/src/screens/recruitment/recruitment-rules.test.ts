import { describe, expect, it } from 'vitest';
import { checkRequisitionDocument, historyOf, joined, numberLabelsOf } from './recruitment-rules';

describe('requisition document rule (spec §5)', () => {
  it('asks for a document when none is chosen', () => {
    expect(checkRequisitionDocument(null)).toBe('recruitment.documentRequired');
  });

  it('takes a JPEG, PNG or PDF under 500 KB and refuses others', () => {
    expect(checkRequisitionDocument({ type: 'application/pdf', size: 500 * 1024 - 1 })).toBeNull();
    expect(checkRequisitionDocument({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkRequisitionDocument({ type: 'image/jpeg', size: 500 * 1024 })).toBe('recruitment.documentTooLarge');
    expect(checkRequisitionDocument({ type: 'image/gif', size: 10 })).toBe('recruitment.documentType');
    expect(checkRequisitionDocument({ type: 'application/msword', size: 10 })).toBe('recruitment.documentType');
  });
});

describe('names and numbers as the API answers them', () => {
  it('reads flat joined names in the reading language, the other one when missing', () => {
    const row = { postNameEn: 'Section Officer', postNameNp: 'शाखा अधिकृत', serviceNameEn: 'Administration', serviceNameNp: null };
    expect(joined(row, 'post', 'ne')).toBe('शाखा अधिकृत');
    expect(joined(row, 'post', 'en')).toBe('Section Officer');
    expect(joined(row, 'service', 'ne')).toBe('Administration');
    expect(joined({ post: { nameEn: 'Nested', nameNp: 'भित्री' } }, 'post', 'ne')).toBe('भित्री');
    expect(joined(null, 'post', 'en')).toBe('');
  });

  it('gives a quota its current and previous number labels', () => {
    expect(numberLabelsOf({ quotaId: 1, vacancies: 2, label: '7005/083-84', previousLabel: '7001/083-84' })).toEqual({ current: '7005/083-84', previous: '7001/083-84' });
    expect(numberLabelsOf({ quotaId: 1, vacancies: 2 })).toEqual({ current: '', previous: '' });
  });

  it('finds the status history under either name', () => {
    const change = { action: 'publish', toStatus: 'published', changedAt: '2026-11-21T09:00:00Z' };
    expect(historyOf({ id: 1, code: 'c', fiscalYear: '2083/84', status: 'published', totalVacancy: 1, allowedActions: [], history: [change] })).toEqual([change]);
    expect(historyOf({ id: 1, code: 'c', fiscalYear: '2083/84', status: 'published', totalVacancy: 1, allowedActions: [] })).toEqual([]);
  });
});
