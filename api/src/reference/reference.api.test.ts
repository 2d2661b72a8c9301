import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMasterRows } from '../profile/profile.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureMasterRows(t.db);
});
afterAll(() => t.close());

type Row = { id: number; nameEn: string; nameNp: string } & Record<string, unknown>;

async function list(path: string) {
  const answer = await t.call('GET', `/api/psc/reference/${path}`);
  expect(answer.status, path).toBe(200);
  return answer.body.data as Row[];
}

describe('GET /api/psc/reference/*', () => {
  it('answers every list to anyone, with names in both languages, and lets caches keep it', async () => {
    for (const path of ['provinces', 'religions', 'castes', 'caste-groups', 'mother-tongues', 'disability-classes', 'disability-types', 'universities', 'education-levels', 'faculties', 'service-classes', 'countries']) {
      const rows = await list(path);
      expect(rows.length, path).toBeGreaterThan(0);
      for (const row of rows) expect(row, path).toMatchObject({ id: expect.any(Number), nameEn: expect.any(String), nameNp: expect.any(String) });
    }
    expect(await list('provinces')).toHaveLength(7);
    const response = await t.app.request('/api/psc/reference/provinces');
    expect(response.headers.get('cache-control')).toContain('public');
    expect(response.headers.get('vary')).toContain('Accept-Language');
  });

  it('narrows districts to a province and local levels to a district, with the ward count and local-body type', async () => {
    expect(await list('districts')).toHaveLength(77);
    const [province] = await list('provinces');
    const districts = await list(`districts?provinceId=${province!.id}`);
    expect(districts.length).toBeGreaterThan(0);
    expect(districts.every((district) => district.provinceId === province!.id)).toBe(true);
    const localLevels = await list(`local-levels?districtId=${districts[0]!.id}`);
    expect(localLevels.length).toBeGreaterThan(0);
    for (const level of localLevels) {
      expect(level.districtId).toBe(districts[0]!.id);
      expect(level.wards).toEqual(expect.any(Number));
      expect(level).toMatchObject({ typeCode: expect.any(String), typeNameEn: expect.any(String), typeNameNp: expect.any(String) });
    }
    expect((await list('local-levels')).length).toBe(753);
  });

  it('refuses a filter that is not an id', async () => {
    const answer = await t.call('GET', '/api/psc/reference/districts?provinceId=abc');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });
});
