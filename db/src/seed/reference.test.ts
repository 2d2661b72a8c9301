import { describe, expect, it } from 'vitest';
import { DISTRICT_OVERRIDES, PROVINCE_OVERRIDES, normalizeName, parseWardCount } from './reference/corrections';
import {
  CASTES,
  CASTE_GROUPS,
  COUNTRIES,
  DISABILITY_CLASSES,
  DISABILITY_TYPES,
  DISTRICTS,
  LOCAL_LEVELS,
  LOCAL_LEVEL_TYPES,
  MOTHER_TONGUES,
  PROVINCES,
  RELIGIONS,
} from './reference/reference-data';

type NamedRow = { id: number; nameEn: string; nameNp: string };

const LISTS: Record<string, readonly NamedRow[]> = {
  provinces: PROVINCES,
  districts: DISTRICTS,
  'local level types': LOCAL_LEVEL_TYPES,
  'local levels': LOCAL_LEVELS,
  religions: RELIGIONS,
  'caste groups': CASTE_GROUPS,
  castes: CASTES,
  'mother tongues': MOTHER_TONGUES,
  'disability classes': DISABILITY_CLASSES,
  'disability types': DISABILITY_TYPES,
};

const DEVANAGARI_LETTER = /[\u0904-\u0939\u093D\u0950\u0958-\u0961\u0972-\u097F]/;
// Devanagari (with its danda) plus the punctuation the official names use: K.I. Singh's dots,
// the census's "Brahman - Hill" dash and "Chamar/Harijan/Ram" slashes, bracketed alternatives,
// and the colon of the disability-class labels.
const NEPALI_TEXT = /^[\u0900-\u097F ./()\-,:]+$/;
const ENGLISH_TEXT = /^[A-Za-z0-9 .'/()\-,:]+$/;

function hasCleanSpacing(text: string) {
  return text === text.trim() && !/\s{2,}/.test(text) && !/[\u200B-\u200D\uFEFF]/.test(text);
}

describe('countries', () => {
  it('are the 249 of ISO 3166-1, each code once, named in English and in Devanagari', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.map((row) => row.id)).toEqual(COUNTRIES.map((_row, index) => index + 1));
    expect(new Set(COUNTRIES.map((row) => row.code)).size).toBe(249);
    for (const row of COUNTRIES) {
      expect(row.code).toMatch(/^[A-Z]{2}$/);
      expect(hasCleanSpacing(row.nameEn) && hasCleanSpacing(row.nameNp), row.code).toBe(true);
      expect(row.nameNp, row.code).toMatch(DEVANAGARI_LETTER);
    }
    expect(COUNTRIES.find((row) => row.code === 'NP')).toMatchObject({ nameEn: 'Nepal', nameNp: 'नेपाल' });
  });
});

describe('reference data files', () => {
  it('hold the expected number of rows', () => {
    expect(PROVINCES).toHaveLength(7);
    expect(DISTRICTS).toHaveLength(77);
    expect(LOCAL_LEVEL_TYPES).toHaveLength(4);
    expect(LOCAL_LEVELS).toHaveLength(753);
    // Census 2021: 10 religions, 142 castes/ethnic groups, 124 mother tongues; each list adds Other.
    expect(RELIGIONS).toHaveLength(11);
    expect(CASTES).toHaveLength(143);
    expect(MOTHER_TONGUES).toHaveLength(125);
    expect(CASTE_GROUPS).toHaveLength(7);
    expect(DISABILITY_CLASSES).toHaveLength(4);
    expect(DISABILITY_TYPES).toHaveLength(10);
  });

  it.each(Object.entries(LISTS))('%s have unique ids numbered from 1 without gaps', (_name, rows) => {
    expect(rows.map((row) => row.id)).toEqual(rows.map((_row, index) => index + 1));
  });

  it.each(Object.entries(LISTS))('%s have both names, cleanly spaced', (_name, rows) => {
    for (const row of rows) {
      expect(row.nameEn.length, `row ${row.id}`).toBeGreaterThan(0);
      expect(row.nameNp.length, `row ${row.id}`).toBeGreaterThan(0);
      expect(hasCleanSpacing(row.nameEn), `row ${row.id} ${JSON.stringify(row.nameEn)}`).toBe(true);
      expect(hasCleanSpacing(row.nameNp), `row ${row.id} ${JSON.stringify(row.nameNp)}`).toBe(true);
    }
  });

  it.each(Object.entries(LISTS))('%s have Nepali names in Devanagari and English names in Latin script', (_name, rows) => {
    for (const row of rows) {
      expect(row.nameNp, `row ${row.id}`).toMatch(NEPALI_TEXT);
      expect(row.nameNp, `row ${row.id}`).toMatch(DEVANAGARI_LETTER);
      expect(row.nameNp.normalize('NFC'), `row ${row.id}`).toBe(row.nameNp);
      // ा + े (or ै) typed in place of ो (or ौ): the source dataset's fault must not come back.
      expect(row.nameNp, `row ${row.id}`).not.toMatch(/\u093E[\u0947\u0948]/);
      expect(row.nameEn, `row ${row.id}`).toMatch(ENGLISH_TEXT);
    }
  });

  it.each(
    Object.entries(LISTS).filter(([name]) => name !== 'local levels'),
  )('%s have no name twice', (_name, rows) => {
    expect(new Set(rows.map((row) => row.nameEn)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.nameNp)).size).toBe(rows.length);
  });

  it('name each local level once within its district', () => {
    const keys = LOCAL_LEVELS.map((level) => `${level.districtId}:${level.nameEn}`);
    expect(new Set(keys).size).toBe(LOCAL_LEVELS.length);
  });
});

describe('federal structure', () => {
  it('uses the current official province names, with Province / प्रदेश throughout', () => {
    expect(PROVINCES.map((p) => p.nameEn)).toEqual([
      'Koshi Province',
      'Madhesh Province',
      'Bagmati Province',
      'Gandaki Province',
      'Lumbini Province',
      'Karnali Province',
      'Sudurpashchim Province',
    ]);
    expect(PROVINCES.map((p) => p.nameNp)).toEqual([
      'कोशी प्रदेश',
      'मधेश प्रदेश',
      'बागमती प्रदेश',
      'गण्डकी प्रदेश',
      'लुम्बिनी प्रदेश',
      'कर्णाली प्रदेश',
      'सुदूरपश्चिम प्रदेश',
    ]);
  });

  it('puts every district in a province, and 14, 8, 13, 11, 12, 10 and 9 districts in provinces 1 to 7', () => {
    const provinceIds = new Set(PROVINCES.map((p) => p.id));
    expect(DISTRICTS.every((d) => provinceIds.has(d.provinceId))).toBe(true);
    const perProvince = PROVINCES.map((p) => DISTRICTS.filter((d) => d.provinceId === p.id).length);
    expect(perProvince).toEqual([14, 8, 13, 11, 12, 10, 9]);
  });

  it('has the four kinds of local level, 6 + 11 + 276 + 460', () => {
    expect(LOCAL_LEVEL_TYPES.map((t) => [t.code, t.nameEn, t.nameNp])).toEqual([
      ['MC', 'Metropolitan City', 'महानगरपालिका'],
      ['SMC', 'Sub-Metropolitan City', 'उपमहानगरपालिका'],
      ['M', 'Municipality', 'नगरपालिका'],
      ['RM', 'Rural Municipality', 'गाउँपालिका'],
    ]);
    const perType = LOCAL_LEVEL_TYPES.map((t) => LOCAL_LEVELS.filter((l) => l.typeId === t.id).length);
    expect(perType).toEqual([6, 11, 276, 460]);
  });

  it('gives every local level a district and a whole number of wards, 6,743 wards in all', () => {
    const districtIds = new Set(DISTRICTS.map((d) => d.id));
    for (const level of LOCAL_LEVELS) {
      expect(districtIds.has(level.districtId), `local level ${level.id}`).toBe(true);
      expect(Number.isInteger(level.wards) && level.wards >= 5 && level.wards <= 33, `local level ${level.id}`).toBe(true);
    }
    expect(new Set(LOCAL_LEVELS.map((l) => l.districtId)).size).toBe(77);
    expect(LOCAL_LEVELS.reduce((sum, level) => sum + level.wards, 0)).toBe(6743);
  });

  it('documents a reason for every name that departs from the source dataset', () => {
    for (const override of [...Object.values(PROVINCE_OVERRIDES), ...Object.values(DISTRICT_OVERRIDES)]) {
      expect(override.reason.length).toBeGreaterThan(0);
      expect(override.nameEn ?? override.nameNp).toBeDefined();
    }
  });
});

describe('census and disability lists', () => {
  it('lists the religions of the 2021 census', () => {
    expect(RELIGIONS.map((r) => r.nameEn)).toEqual([
      'Hindu',
      'Buddhist',
      'Islam',
      'Kirat',
      'Christian',
      'Prakriti',
      'Bon',
      'Jain',
      'Bahai',
      'Sikh',
      'Other',
    ]);
  });

  it('puts every caste in a caste group that exists, and leaves no group empty', () => {
    const groupIds = new Set(CASTE_GROUPS.map((g) => g.id));
    for (const caste of CASTES) expect(groupIds.has(caste.casteGroupId), `caste ${caste.id}`).toBe(true);
    for (const group of CASTE_GROUPS) {
      expect(CASTES.some((c) => c.casteGroupId === group.id), group.code).toBe(true);
    }
    expect(CASTE_GROUPS.map((g) => g.code)).toEqual(['KHAS_ARYA', 'JANAJATI', 'MADHESI', 'DALIT', 'THARU', 'MUSLIM', 'OTHER']);
  });

  it('places the constitution’s Khas Arya (Brahman, Chhetri, Thakuri, Sanyasi) in that group', () => {
    const khasArya = CASTE_GROUPS.find((g) => g.code === 'KHAS_ARYA')!;
    expect(CASTES.filter((c) => c.casteGroupId === khasArya.id).map((c) => c.nameEn)).toEqual([
      'Chhetri',
      'Brahman - Hill',
      'Thakuri',
      'Sanyasi/Dasnami',
    ]);
  });

  it('names castes and languages as the census does', () => {
    const casteNames = new Map(CASTES.map((c) => [c.nameEn, c.nameNp]));
    expect(casteNames.get('Chhetri')).toBe('क्षेत्री');
    expect(casteNames.get('Brahman - Hill')).toBe('ब्राह्मण - पहाड');
    expect(casteNames.get('Magar')).toBe('मगर');
    expect(casteNames.get('Tharu')).toBe('थारु');
    expect(casteNames.get('Tamang')).toBe('तामाङ');
    expect(casteNames.get('Newa (Newar)')).toBe('नेवाः (नेवार)');
    expect(CASTES.at(-1)).toMatchObject({ nameEn: 'Other', nameNp: 'अन्य' });

    const languageNames = new Map(MOTHER_TONGUES.map((l) => [l.nameEn, l.nameNp]));
    expect(languageNames.get('Nepali')).toBe('नेपाली');
    expect(languageNames.get('Maithili')).toBe('मैथिली');
    expect(languageNames.get('Bhojpuri')).toBe('भोजपुरी');
    expect(languageNames.get('Bajjika')).toBe('बज्जिका');
    expect(languageNames.get('Doteli')).toBe('डोटेली');
    expect(languageNames.get('Nepal Bhasa (Newari)')).toBe('नेपाल भाषा (नेवारी)');
    expect(MOTHER_TONGUES.at(-1)).toMatchObject({ nameEn: 'Other', nameNp: 'अन्य' });
  });

  it('has the four identity-card classes of the Disability Rights Act, described in both languages', () => {
    expect(DISABILITY_CLASSES.map((c) => c.code)).toEqual(['KA', 'KHA', 'GA', 'GHA']);
    expect(DISABILITY_CLASSES.map((c) => c.nameNp.slice(0, 1))).toEqual(['क', 'ख', 'ग', 'घ']);
    for (const disabilityClass of DISABILITY_CLASSES) {
      expect(disabilityClass.descriptionEn.length).toBeGreaterThan(20);
      expect(disabilityClass.descriptionNp).toMatch(DEVANAGARI_LETTER);
      expect(disabilityClass.descriptionNp).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe('normalizeName', () => {
  it('writes ो for ा + े, and ौ for ा + ै', () => {
    expect(normalizeName('का\u0947शी प्रदेश')).toBe('कोशी प्रदेश');
    expect(normalizeName('गा\u0948री')).toBe('गौरी');
  });

  it('corrects सुदुरपश्चिम and removes stray and zero-width spacing', () => {
    expect(normalizeName(' सुदुरपश्चिम  प्रदेश ')).toBe('सुदूरपश्चिम प्रदेश');
    expect(normalizeName('कङ्\u200Cकालिनी')).toBe('कङ्कालिनी');
    expect(normalizeName('जगन्\u200Dनाथ')).toBe('जगन्नाथ');
  });

  it('reads ward counts written in either script', () => {
    expect(parseWardCount('१४')).toBe(14);
    expect(parseWardCount('9')).toBe(9);
    expect(() => parseWardCount('')).toThrow();
  });
});
