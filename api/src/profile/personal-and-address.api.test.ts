import { translate } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileTestApp, findPlace, seedCandidate, type Place, type ProfileTestApp, type TestCandidate } from './profile.test-support';

let t: ProfileTestApp;
let candidate: TestCandidate;
let place: Place;
beforeAll(async () => {
  t = await createProfileTestApp();
  candidate = await seedCandidate(t);
  place = await findPlace(t.db);
});
afterAll(() => t.closeAll());

type Profile = { personal: Record<string, unknown>; addresses: Record<string, Record<string, unknown> | null>; completeness: { sections: Record<string, boolean> } };

async function readProfile(token: string): Promise<Profile> {
  const answer = await t.call('GET', '/api/psc/profile', { token });
  expect(answer.status).toBe(200);
  return answer.body.data as Profile;
}

const personal = {
  firstNameNp: 'सीता',
  middleNameNp: 'कुमारी',
  lastNameNp: 'शर्मा',
  fathersName: 'Hari Prasad Sharma',
  mothersName: 'गीता शर्मा',
  grandFathersName: 'Ram Prasad Sharma',
  husbandWifeName: '',
};

describe('PUT /api/psc/profile/personal', () => {
  it('saves the Nepali and family names and answers them with the identity from registration, dates in both calendars', async () => {
    const answer = await t.call('PUT', '/api/psc/profile/personal', { token: candidate.token, json: personal, lang: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Saved successfully.');
    const data = answer.body.data as { item: Record<string, unknown>; completeness: { sections: Record<string, boolean> } };
    expect(data.item).toMatchObject({
      firstNameNp: 'सीता',
      middleNameNp: 'कुमारी',
      lastNameNp: 'शर्मा',
      fathersName: 'Hari Prasad Sharma',
      mothersName: 'गीता शर्मा',
      husbandWifeName: null,
      firstNameEn: 'Sita',
      dateOfBirthAd: '1998-05-20',
      dateOfBirthBs: '2055-02-06',
      citizenshipIssueDateAd: '2016-06-01',
    });
    expect(data.completeness.sections.personal).toBe(true);
    expect((await readProfile(candidate.token)).personal).toMatchObject({ fathersName: 'Hari Prasad Sharma', middleNameNp: 'कुमारी' });
  });

  it('refuses Nepali name fields not typed in Nepali, and missing family names, naming each field', async () => {
    const answer = await t.call('PUT', '/api/psc/profile/personal', {
      token: candidate.token,
      json: { ...personal, firstNameNp: 'Sita', lastNameNp: '१२३', fathersName: '', grandFathersName: 'Ram 2' },
      lang: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.errors).toEqual({
      firstNameNp: ['Please type this in Nepali (Devanagari script).'],
      lastNameNp: ['Please type this in Nepali (Devanagari script).'],
      fathersName: ['This field is required.'],
      grandFathersName: ['Only letters are allowed.'],
    });
  });

  it('answers in Nepali by default', async () => {
    const answer = await t.call('PUT', '/api/psc/profile/personal', { token: candidate.token, json: { ...personal, firstNameNp: 'Sita' } });
    expect(answer.body.errors?.firstNameNp).toEqual([translate('ne', 'validation.nepaliTextOnly')]);
  });

  it('is for signed-in candidates only', async () => {
    expect((await t.call('PUT', '/api/psc/profile/personal', { json: personal })).status).toBe(401);
    const admin = await t.signInAdministrator();
    expect((await t.call('PUT', '/api/psc/profile/personal', { token: admin.accessToken, json: personal })).status).toBe(403);
  });
});

describe('PUT /api/psc/profile/address/:kind', () => {
  const address = () => ({
    provinceId: place.provinceId,
    districtId: place.districtId,
    localLevelId: place.localLevelId,
    wardNo: '१',
    tole: 'Naya Basti',
    marga: 'Ring Road',
    gharNo: '12',
    phoneNo: '01-4412345',
    mobileNo: '९८४१२३४५६७',
    email: 'sita@example.com',
  });

  it('saves the permanent address, which completes the contact section, and the mailing address apart from it', async () => {
    const permanent = await t.call('PUT', '/api/psc/profile/address/permanent', { token: candidate.token, json: address() });
    expect(permanent.status).toBe(200);
    const data = permanent.body.data as { item: Record<string, unknown>; completeness: { sections: Record<string, boolean> } };
    expect(data.item).toMatchObject({ wardNo: 1, mobileNo: '9841234567', phoneNo: '014412345', localLevelId: place.localLevelId });
    expect(data.completeness.sections.contact).toBe(true);

    const mailing = await t.call('PUT', '/api/psc/profile/address/mailing', { token: candidate.token, json: { ...address(), wardNo: place.wards, tole: 'Other Tole' } });
    expect(mailing.status).toBe(200);
    const profile = await readProfile(candidate.token);
    expect(profile.addresses.permanent).toMatchObject({ tole: 'Naya Basti', wardNo: 1 });
    expect(profile.addresses.mailing).toMatchObject({ tole: 'Other Tole', wardNo: place.wards });
  });

  it('saving again replaces the address, clearing what was left out', async () => {
    const answer = await t.call('PUT', '/api/psc/profile/address/permanent', { token: candidate.token, json: { ...address(), tole: '', marga: undefined } });
    expect(answer.status).toBe(200);
    expect((answer.body.data as { item: Record<string, unknown> }).item).toMatchObject({ tole: null, marga: null, gharNo: '12' });
  });

  it('refuses a district outside the province, a local level outside the district and a ward the local level does not have', async () => {
    const wrongDistrict = await t.call('PUT', '/api/psc/profile/address/permanent', { token: candidate.token, json: { ...address(), districtId: place.otherDistrictId }, lang: 'en' });
    expect(wrongDistrict.status).toBe(400);
    expect(wrongDistrict.body.errors).toMatchObject({ districtId: ['This district is not in the chosen province.'] });

    const wrongLocalLevel = await t.call('PUT', '/api/psc/profile/address/permanent', { token: candidate.token, json: { ...address(), localLevelId: place.otherLocalLevelId }, lang: 'en' });
    expect(wrongLocalLevel.body.errors).toEqual({ localLevelId: ['This local level is not in the chosen district.'] });

    const wrongWard = await t.call('PUT', '/api/psc/profile/address/permanent', { token: candidate.token, json: { ...address(), wardNo: place.wards + 1 }, lang: 'en' });
    expect(wrongWard.body.errors).toEqual({ wardNo: [`This local level has wards 1 to ${place.wards} only.`] });

    const unknown = await t.call('PUT', '/api/psc/profile/address/permanent', { token: candidate.token, json: { ...address(), provinceId: 99, districtId: 999, localLevelId: 999999 }, lang: 'en' });
    expect(unknown.body.errors).toEqual({
      provinceId: ['This choice is not in the list.'],
      districtId: ['This choice is not in the list.'],
      localLevelId: ['This choice is not in the list.'],
    });
  });

  it('refuses missing places and invalid phone, mobile and e-mail', async () => {
    const answer = await t.call('PUT', '/api/psc/profile/address/permanent', {
      token: candidate.token,
      json: { ...address(), provinceId: '', wardNo: 0, phoneNo: '12ab', mobileNo: '98412', email: 'not-an-address' },
      lang: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      provinceId: ['Please choose a province.'],
      wardNo: ['Please enter the ward number.'],
      phoneNo: ['Please enter a valid phone number.'],
      mobileNo: ['Mobile number must be 10 digits.'],
      email: ['Please enter a valid e-mail address.'],
    });
  });

  it("keeps each candidate's address their own", async () => {
    const other = await seedCandidate(t);
    const profile = await readProfile(other.token);
    expect(profile.addresses).toEqual({ permanent: null, mailing: null, abroad: null });
    expect(profile.completeness.sections.contact).toBe(false);
  });
});

describe('PUT /api/psc/profile/address/abroad', () => {
  const countryId = async (code: string) => {
    const answer = await t.call('GET', '/api/psc/reference/countries');
    const countries = answer.body.data as { id: number; code: string; nameEn: string; nameNp: string }[];
    return countries.find((country) => country.code === code)?.id;
  };

  it('lists the countries but Nepal, with their names in both languages', async () => {
    const answer = await t.call('GET', '/api/psc/reference/countries');
    const countries = answer.body.data as { code: string; nameEn: string; nameNp: string }[];
    expect(countries).toHaveLength(248);
    expect(countries.find((country) => country.code === 'QA')).toMatchObject({ nameEn: 'Qatar', nameNp: 'कतार' });
    expect(countries.some((country) => country.code === 'NP')).toBe(false);
  });

  it('saves a mailing address abroad in place of the one in Nepal, and a mailing address in Nepal in place of it', async () => {
    const abroad = await seedCandidate(t);
    const qatar = await countryId('QA');
    const mailing = await t.call('PUT', '/api/psc/profile/address/mailing', { token: abroad.token, json: { provinceId: place.provinceId, districtId: place.districtId, localLevelId: place.localLevelId, wardNo: 1 } });
    expect(mailing.status).toBe(200);
    // The id typed in Devanagari digits, as a phone keyboard may give it.
    const digits = String(qatar).replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!);
    const answer = await t.call('PUT', '/api/psc/profile/address/abroad', { token: abroad.token, json: { countryId: digits, address: '  Building 12,  Al Sadd, Doha ' }, lang: 'en' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.data as { item: unknown }).item).toMatchObject({ countryId: qatar, countryCode: 'QA', countryNameNp: 'कतार', address: 'Building 12, Al Sadd, Doha' });
    let profile = await readProfile(abroad.token);
    expect(profile.addresses.mailing).toBeNull();
    expect(profile.addresses.abroad).toMatchObject({ countryCode: 'QA', countryNameEn: 'Qatar' });

    const back = await t.call('PUT', '/api/psc/profile/address/mailing', { token: abroad.token, json: { provinceId: place.provinceId, districtId: place.districtId, localLevelId: place.localLevelId, wardNo: 1 } });
    expect(back.status).toBe(200);
    profile = await readProfile(abroad.token);
    expect(profile.addresses.abroad).toBeNull();
    expect(profile.addresses.mailing).toMatchObject({ wardNo: 1 });
  });

  it('refuses an unknown country and Nepal in the language of the asker, and keeps what was saved', async () => {
    const abroad = await seedCandidate(t);
    const malaysia = await countryId('MY');
    expect((await t.call('PUT', '/api/psc/profile/address/abroad', { token: abroad.token, json: { countryId: malaysia, address: 'Jalan 5, Kuala Lumpur' } })).status).toBe(200);
    for (const lang of ['en', 'ne'] as const) {
      const unknown = await t.call('PUT', '/api/psc/profile/address/abroad', { token: abroad.token, json: { countryId: 32000, address: 'Nowhere' }, lang });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ countryId: [translate(lang, 'validation.unknownCountry')] });
    }
    expect(translate('ne', 'validation.unknownCountry')).not.toBe(translate('en', 'validation.unknownCountry'));
    const nepal = await t.call('PUT', '/api/psc/profile/address/abroad', { token: abroad.token, json: { countryId: 168, address: 'Kathmandu' }, lang: 'en' });
    expect(nepal.body.errors).toEqual({ countryId: [translate('en', 'validation.countryIsNepal')] });
    const empty = await t.call('PUT', '/api/psc/profile/address/abroad', { token: abroad.token, json: { countryId: '', address: ' ' }, lang: 'en' });
    expect(empty.body.errors).toEqual({ countryId: ['Please choose the country.'], address: ['Please write your address in that country.'] });
    expect((await readProfile(abroad.token)).addresses.abroad).toMatchObject({ countryCode: 'MY', address: 'Jalan 5, Kuala Lumpur' });
    expect((await t.call('PUT', '/api/psc/profile/address/abroad', { json: { countryId: malaysia, address: 'x' } })).status).toBe(401);
  });
});
