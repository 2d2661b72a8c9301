import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fixture } from './portal-profile-steps';
import { extraDetailsBody } from '../../api/src/test-support/profile-fixtures';

// Steps of the apply path's end-to-end tests that go through the API, as a candidate's earlier
// visits would have left things (portal-apply-and-pay, portal-candidate-details,
// content-security-policy, staff-forms-and-names).

/** A call to the product's API that expects a 200 envelope and answers its data. */
export type ApiCall = <T>(method: string, path: string, options?: { token?: string; json?: unknown; form?: FormData; auth?: string }) => Promise<T>;

type Row = { id: number; nameEn: string };

const upload = (name: string, type: string) => new File([readFileSync(fixture(name))], name, { type });

/**
 * Every section the missing-documents modal asks for (spec §5/§8): personal, extra and contact
 * details, one education, both sides of the citizenship, photograph and signature.
 */
export async function completeProfile(call: ApiCall, token: string, names: { firstNameNp: string; lastNameNp: string }) {
  const list = (name: string, query = '') => call<Row[]>('GET', `/api/psc/reference/${name}${query}`);
  const [universities, levels, faculties, provinces] = await Promise.all([list('universities'), list('education-levels'), list('faculties'), list('provinces')]);
  const districts = await list('districts', `?provinceId=${provinces[0]!.id}`);
  const localLevels = await list('local-levels', `?districtId=${districts[0]!.id}`);
  await call('PUT', '/api/psc/profile/personal', { token, json: { ...names, fathersName: 'Hari Sharma', mothersName: 'Gita Sharma', grandFathersName: 'Ram Sharma' } });
  await call('PUT', '/api/psc/profile/extra', { token, json: extraDetailsBody({ maritalStatus: 'married', employmentStatus: 'non-government-service' }) });
  await call('PUT', '/api/psc/profile/address/permanent', { token, json: { provinceId: provinces[0]!.id, districtId: districts[0]!.id, localLevelId: localLevels[0]!.id, wardNo: 1 } });
  const education = new FormData();
  // The highest level, so any minimum qualification of the demo post is met.
  const fields = { universityId: universities[0]!.id, levelId: levels.at(-1)!.id, facultyId: faculties[0]!.id, scoreType: 'gpa', score: '3.6', majorSubject: 'Physics', educationType: 'national', passedDateAd: '2019-10-01' };
  for (const [name, value] of Object.entries(fields)) education.append(name, String(value));
  education.append('transcriptFront', upload('document.pdf', 'application/pdf'));
  await call('POST', '/api/psc/profile/educations', { token, form: education });
  for (const kind of ['photograph', 'signature', 'citizenship-front', 'citizenship-back']) {
    const form = new FormData();
    form.append('file', upload('photo.jpg', 'image/jpeg'));
    await call('PUT', `/api/psc/profile/documents/${kind}`, { token, form });
  }
}


/** An ApiCall to the product at `baseUrl` (read when called: the product starts in beforeAll), in English. */
export function apiCallTo(baseUrl: () => string): ApiCall {
  return async <T>(method: string, path: string, options: Parameters<ApiCall>[2] = {}): Promise<T> => {
    const headers: Record<string, string> = { 'Accept-Language': 'en' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.auth) headers.Authorization = options.auth;
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.form;
    const response = await fetch(`${baseUrl()}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const parsed = (await response.json()) as { data: T };
    expect(response.status, `${method} ${path}: ${JSON.stringify(parsed)}`).toBe(200);
    return parsed.data;
  };
}
