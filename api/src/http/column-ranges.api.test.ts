const COLUMN_RANGES = { integer: { max: 2_147_483_647 }, smallint: { max: 32_767 } };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { extraDetailsBody } from '../test-support/profile-fixtures';

// Ids, numbers and dates out of their column's range (core COLUMN_RANGES, INSTANT_RANGE), each in
// an otherwise valid request: PostgreSQL refused them (integer or smallint out of range, year 0),
// which answered 500. They are the caller's mistake: 400 naming the field, in their language.
// bad-input.api.test.ts walks every route with such values; these are the requests as found.

let t: TestApp;
let admin: string;
let candidate: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  candidate = (await t.signInCandidate()).accessToken;
});
afterAll(() => t.close());

const INTEGER_OVER = COLUMN_RANGES.integer.max + 1;
const SMALLINT_OVER = COLUMN_RANGES.smallint.max + 1;

type Answer = Awaited<ReturnType<TestApp['call']>>;

function expectRefused(answer: Answer, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
  expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(answer.body)).toContain(field);
}

describe('integers beyond the column', () => {
  it('refuses a district beyond smallint at the open account-recovery start, in English and Nepali', async () => {
    const body = { citizenshipNumber: '12-34-5678', dateOfBirthAd: '1995-05-05' };
    for (const districtId of [SMALLINT_OVER, INTEGER_OVER]) {
      const english = await t.call('POST', '/api/psc/account/recovery/start', { lang: 'en', json: { ...body, citizenshipIssueDistrictId: districtId } });
      expectRefused(english, 'citizenshipIssueDistrictId');
      expect(english.body.errors!.citizenshipIssueDistrictId![0]).toContain('at most');
      const nepali = await t.call('POST', '/api/psc/account/recovery/start', { lang: 'ne', json: { ...body, citizenshipIssueDistrictId: String(districtId) } });
      expectRefused(nepali, 'citizenshipIssueDistrictId');
      expect(nepali.body.errors!.citizenshipIssueDistrictId![0]).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('still reads a district typed in Devanagari digits', async () => {
    const answer = await t.call('POST', '/api/psc/account/recovery/start', { lang: 'en', json: { citizenshipNumber: '12-34-5678', dateOfBirthAd: '1995-05-05', citizenshipIssueDistrictId: '२७' } });
    expect(answer.body.errors?.citizenshipIssueDistrictId).toBeUndefined();
  });

  it('refuses reference filters beyond smallint', async () => {
    expectRefused(await t.call('GET', `/api/psc/reference/districts?provinceId=${SMALLINT_OVER}`, { token: candidate }), 'provinceId');
    expectRefused(await t.call('GET', `/api/psc/reference/local-levels?districtId=${INTEGER_OVER}`, { token: candidate }), 'districtId');
    expect((await t.call('GET', '/api/psc/reference/districts?provinceId=३', { token: candidate })).status).toBe(200);
  });

  it('refuses ids beyond integer in the candidate profile and payments', async () => {
    const extra = extraDetailsBody();
    for (const field of ['casteId', 'religionId', 'motherTongueId', 'disabilityClassId', 'disabilityTypeId']) {
      expectRefused(await t.call('PUT', '/api/psc/profile/extra', { token: candidate, json: { ...extra, [field]: INTEGER_OVER } }), field);
    }
    expectRefused(await t.call('POST', '/api/psc/payments/online', { token: candidate, json: { chargeId: INTEGER_OVER } }), 'chargeId');
    expectRefused(await t.call('POST', '/api/psc/payments/ebp-code-verification', { token: candidate, json: { chargeId: INTEGER_OVER, ebpCode: 'EBP12345' } }), 'chargeId');
  });

  it('refuses ids beyond integer on the staff routes the tester named', async () => {
    expectRefused(await t.call('POST', '/api/admin/qualifications', { token: admin, json: { postId: 1, educationLevelId: 1, facultyIds: [INTEGER_OVER] } }), 'facultyIds.0');
    expectRefused(await t.call('POST', '/api/admin/relevances', { token: admin, json: { serviceId: 1, facultyId: INTEGER_OVER } }), 'facultyId');
    expectRefused(await t.call('POST', '/api/admin/advertisement-numbers', { token: admin, json: { requisitionId: INTEGER_OVER } }), 'requisitionId');
    expectRefused(
      await t.call('POST', '/api/admin/distributions', { token: admin, json: { requisitionId: 1, lines: [{ quotaId: INTEGER_OVER, vacancies: 1, advertisementNumberId: null }] } }),
      'lines.0.quotaId',
    );
    expectRefused(
      await t.call('PUT', `/api/admin/advertisements/1/quotas/${INTEGER_OVER}/number`, { token: admin, json: { advertisementNumberId: 1, remarks: 'Renumbered' } }),
      'quotaId',
    );
    expectRefused(
      await t.call('PUT', '/api/admin/advertisements/1/quotas/1/number', { token: admin, json: { advertisementNumberId: INTEGER_OVER, remarks: 'Renumbered' } }),
      'advertisementNumberId',
    );
  });

  it('answers a path id no column can hold with 400 or 404, never 500', async () => {
    expectRefused(await t.call('GET', '/api/admin/users/99999999999', { token: admin }), 'id');
    expect((await t.call('GET', '/api/admin/candidates/99999999999/profile', { token: admin })).status).toBe(404);
    expectRefused(await t.call('POST', '/api/admin/candidates/99999999999/profile-lock', { token: admin, json: { lockedUntilAd: '2030-01-01', reason: 'x' } }), 'userId');
    // Districts keep smallint ids: a larger id names no district.
    expect((await t.call('GET', `/api/admin/master/districts/${SMALLINT_OVER}`, { token: admin })).status).toBe(404);
    expect((await t.call('PUT', `/api/admin/master/districts/${SMALLINT_OVER}`, { token: admin, json: { provinceId: 1, nameEn: 'X', nameNp: 'क' } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/admin/master/districts/${SMALLINT_OVER}`, { token: admin })).status).toBe(404);
  });
});

describe('dates beyond a sane range', () => {
  it('refuses year 0000 and 9999 on the profile and voucher locks, and on the audit filter', async () => {
    const candidateId = (await t.call('GET', '/api/admin/users?kind=candidate&pageSize=1', { token: admin }).then((answer) => (answer.body.data as { items: { id: number }[] }).items[0]!.id));
    for (const lock of ['profile-lock', 'voucher-lock']) {
      for (const day of ['0000-01-01', '9999-12-31', '0000-06-01T00:00:00Z']) {
        expectRefused(await t.call('POST', `/api/admin/candidates/${candidateId}/${lock}`, { token: admin, lang: 'en', json: { lockedUntilAd: day, reason: 'x' } }), 'lockedUntilAd');
        expectRefused(await t.call('POST', `/api/admin/candidates/${candidateId}/${lock}`, { token: admin, json: { lockedFromAd: day, lockedUntilAd: '2030-01-01', reason: 'x' } }), 'lockedFromAd');
      }
    }
    expectRefused(await t.call('GET', '/api/admin/audit-log?from=0000-01-01', { token: admin }), 'from');
    // A lock "until 2099" is still what staff use for an open-ended one.
    expect((await t.call('POST', `/api/admin/candidates/${candidateId}/profile-lock`, { token: admin, json: { lockedUntilAd: '2099-12-31', reason: 'x' } })).status).toBe(200);
  });
});
