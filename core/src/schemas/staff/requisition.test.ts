import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-helpers.test-support';
import { distributionApprovalSchema, distributionRejectionSchema, distributionSchema, quotaSharesSchema } from './distribution';
import { requisitionDecisionSchema, requisitionSchema } from './requisition';

const valid = {
  kind: 'post',
  requisitionNo: '०१२/०८२',
  serviceId: 1,
  classId: '२',
  postId: 3,
  demandOrganizationId: 4,
  requestOrganizationId: 5,
  totalVacancy: '१०',
  proposedOpen: 5,
  proposedFemale: '2',
  applicationFee: '१५००',
  requestedDate: '2025-11-20',
  documentFileId: '0b7c3f1e-8a2d-4c55-9b1a-2f3e4d5c6b7a',
};

describe('requisition schema (spec §3 Requisition)', () => {
  it('reads Devanagari digits and fills the optional quota columns and fees with 0', () => {
    expect(requisitionSchema.parse(valid)).toMatchObject({
      requisitionNo: '012/082',
      classId: 2,
      totalVacancy: 10,
      proposedOpen: 5,
      proposedFemale: 2,
      proposedInternal: 0,
      proposedMadhesi: 0,
      applicationFee: 1500,
      internalCompetitionFee: 0,
      extraClusterFee: 0,
      groupId: null,
      clusterId: null,
      workSummary: null,
    });
    expect(requisitionSchema.parse({ ...valid, fiscalYear: '२०८२/८३' }).fiscalYear).toBe('2082/83');
  });

  it('says "Please choose the requisition document" when none is chosen', () => {
    expect(messagesOf(requisitionSchema, { ...valid, documentFileId: undefined })).toEqual({ documentFileId: ['Please choose the requisition document'] });
    expect(messagesOf(requisitionSchema, { ...valid, documentFileId: '' })).toEqual({ documentFileId: ['Please choose the requisition document'] });
  });

  it('needs the post for a requisition by post, not by service', () => {
    expect(messagesOf(requisitionSchema, { ...valid, postId: '' })).toEqual({ postId: ['Please choose the post.'] });
    expect(requisitionSchema.parse({ ...valid, kind: 'service', postId: null }).postId).toBeNull();
  });

  it('refuses a total under 1, negative columns or fees, and proposals over the total', () => {
    expect(Object.keys(messagesOf(requisitionSchema, { ...valid, totalVacancy: 0 }))).toEqual(['totalVacancy']);
    expect(Object.keys(messagesOf(requisitionSchema, { ...valid, proposedOpen: -1, extraQuotaFee: '-5' })).sort()).toEqual(['extraQuotaFee', 'proposedOpen']);
    expect(messagesOf(requisitionSchema, { ...valid, proposedOpen: 6, proposedFemale: 5 })).toEqual({
      totalVacancy: ['The proposed open, female, internal and madhesi vacancies cannot add up to more than the total vacancy.'],
    });
    expect(Object.keys(messagesOf(requisitionSchema, { ...valid, fiscalYear: '2082-83', requestedDate: '2025-02-30', kind: 'other' })).sort()).toEqual([
      'fiscalYear',
      'kind',
      'requestedDate',
    ]);
  });

  it('requires a remark to approve, reject or delete a requisition', () => {
    expect(messagesOf(requisitionDecisionSchema, { remarks: '  ' })).toEqual({ remarks: ['This field is required.'] });
    expect(requisitionDecisionSchema.parse({ remarks: ' ok ' })).toEqual({ remarks: 'ok' });
  });
});

describe('distribution schemas (spec §5 manual distribution)', () => {
  it('keeps untouched line fields as null for the rule to name', () => {
    expect(distributionSchema.parse({ requisitionId: 1, lines: [{ quotaId: '', vacancies: '', advertisementNumberId: null }] })).toEqual({
      requisitionId: 1,
      method: 'manual',
      remarks: null,
      lines: [{ quotaId: null, vacancies: null, advertisementNumberId: null }],
    });
    expect(distributionSchema.parse({ requisitionId: 1, method: 'automatic', lines: [{ quotaId: '१', vacancies: '३', advertisementNumberId: 7 }] }).lines).toEqual([
      { quotaId: 1, vacancies: 3, advertisementNumberId: 7 },
    ]);
    expect(messagesOf(distributionSchema, { requisitionId: 1, lines: [{ quotaId: 1, vacancies: 'many', advertisementNumberId: 2 }] })).toEqual({
      'lines.0.vacancies': ['Please enter a valid vacancy number (a whole number, at least 1).'],
    });
  });

  it('requires a remark to reject, not to approve', () => {
    expect(distributionApprovalSchema.parse({})).toEqual({ remarks: null });
    expect(Object.keys(messagesOf(distributionRejectionSchema, {}))).toEqual(['remarks']);
  });

  it('reads quota shares in hundredths of a percent, each quota once', () => {
    expect(quotaSharesSchema.parse({ shares: [{ quotaId: 1, basisPoints: '५५००' }] }).shares).toEqual([{ quotaId: 1, basisPoints: 5500 }]);
    expect(Object.keys(messagesOf(quotaSharesSchema, { shares: [{ quotaId: 1, basisPoints: 10_001 }] }))).toEqual(['shares.0.basisPoints']);
    expect(messagesOf(quotaSharesSchema, { shares: [{ quotaId: 1, basisPoints: 1 }, { quotaId: 1, basisPoints: 2 }] })).toEqual({ shares: ['Each quota may appear only once.'] });
  });
});
