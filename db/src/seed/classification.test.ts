import { describe, expect, it } from 'vitest';
import {
  EDUCATION_LEVELS,
  FACULTIES,
  POSTS,
  SERVICES,
  SERVICE_CLASSES,
  SERVICE_GROUPS,
  SERVICE_SUBGROUPS,
  UNIVERSITIES,
} from './classification/classification-data';

type NamedRow = { id?: number; nameEn: string; nameNp: string };

const LISTS: Record<string, readonly NamedRow[]> = {
  services: SERVICES,
  'service groups': SERVICE_GROUPS,
  'service subgroups': SERVICE_SUBGROUPS,
  'service classes': SERVICE_CLASSES,
  posts: POSTS,
  universities: UNIVERSITIES,
  'education levels': EDUCATION_LEVELS,
  faculties: FACULTIES,
};

const DEVANAGARI_LETTER = /[\u0904-\u0939\u093D\u0950\u0958-\u0961\u0972-\u097F]/;
// Devanagari (digits included) plus the punctuation the official names use: B.P.'s dots, the
// hyphen of सब-इन्जिनियर, the slash and brackets of the education levels, a comma in a group name.
const NEPALI_TEXT = /^[\u0900-\u097F ./()\-,]+$/;
const ENGLISH_TEXT = /^[A-Za-z0-9 .'/()\-,]+$/;

function hasCleanSpacing(text: string) {
  return text === text.trim() && !/\s{2,}/.test(text) && !/[\u200B-\u200D\uFEFF]/.test(text);
}

function idsOf(rows: readonly { id?: number }[]) {
  return new Set(rows.map((row) => row.id));
}

describe('classification data files', () => {
  it('hold the expected number of rows', () => {
    expect(SERVICES).toHaveLength(11);
    expect(SERVICE_GROUPS).toHaveLength(36);
    expect(SERVICE_SUBGROUPS).toHaveLength(7);
    expect(SERVICE_CLASSES).toHaveLength(10);
    expect(POSTS).toHaveLength(26);
    expect(UNIVERSITIES).toHaveLength(22);
    expect(EDUCATION_LEVELS).toHaveLength(11);
    expect(FACULTIES).toHaveLength(13);
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
      // ा + े (or ै) typed in place of ो (or ौ).
      expect(row.nameNp, `row ${row.id}`).not.toMatch(/\u093E[\u0947\u0948]/);
      expect(row.nameEn, `row ${row.id}`).toMatch(ENGLISH_TEXT);
    }
  });

  it.each(Object.entries(LISTS))('%s have no name twice', (_name, rows) => {
    expect(new Set(rows.map((row) => row.nameEn.toLowerCase())).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.nameNp)).size).toBe(rows.length);
  });
});

describe('civil service structure', () => {
  it('lists the ten services of the Civil Service Act 2049, s. 3, then the Health Service', () => {
    expect(SERVICES.map((s) => s.nameNp)).toEqual([
      'नेपाल आर्थिक योजना तथा तथ्याङ्क सेवा',
      'नेपाल इन्जिनियरिङ्ग सेवा',
      'नेपाल कृषि सेवा',
      'नेपाल न्याय सेवा',
      'नेपाल परराष्ट्र सेवा',
      'नेपाल प्रशासन सेवा',
      'नेपाल लेखापरीक्षण सेवा',
      'नेपाल वन सेवा',
      'नेपाल विविध सेवा',
      'नेपाल शिक्षा सेवा',
      'नेपाल स्वास्थ्य सेवा',
    ]);
  });

  it('puts every group in a service that exists, and names a group once within its service', () => {
    const serviceIds = idsOf(SERVICES);
    for (const group of SERVICE_GROUPS) expect(serviceIds.has(group.serviceId), `group ${group.id}`).toBe(true);
    const keys = SERVICE_GROUPS.map((g) => `${g.serviceId}:${g.nameEn}`);
    expect(new Set(keys).size).toBe(SERVICE_GROUPS.length);
  });

  it('puts every subgroup in a group that exists', () => {
    const groupIds = idsOf(SERVICE_GROUPS);
    for (const subgroup of SERVICE_SUBGROUPS) expect(groupIds.has(subgroup.groupId), `subgroup ${subgroup.id}`).toBe(true);
  });

  it('keeps the Administration Service to its three groups since Audit and Foreign became services', () => {
    const administration = SERVICES.find((s) => s.nameEn === 'Nepal Administration Service')!;
    expect(SERVICE_GROUPS.filter((g) => g.serviceId === administration.id).map((g) => g.nameNp)).toEqual([
      'सामान्य प्रशासन',
      'लेखा',
      'राजस्व',
    ]);
  });

  it('puts the civil engineering subgroups under the Civil group of the Engineering Service', () => {
    const engineering = SERVICES.find((s) => s.nameEn === 'Nepal Engineering Service')!;
    const civil = SERVICE_GROUPS.find((g) => g.serviceId === engineering.id && g.nameEn === 'Civil')!;
    expect(SERVICE_SUBGROUPS.every((s) => s.groupId === civil.id)).toBe(true);
    expect(SERVICE_SUBGROUPS.map((s) => s.nameEn)).toContain('Building and Architect');
  });

  it('orders the classes of the Act from Special to Without Class, gazetted above non-gazetted', () => {
    const bySeniority = [...SERVICE_CLASSES].sort((a, b) => b.rank - a.rank);
    expect(bySeniority.map((c) => c.nameNp)).toEqual([
      'विशिष्ट श्रेणी',
      'राजपत्राङ्कित प्रथम श्रेणी',
      'राजपत्राङ्कित द्वितीय श्रेणी',
      'राजपत्राङ्कित तृतीय श्रेणी',
      'राजपत्र अनङ्कित प्रथम श्रेणी',
      'राजपत्र अनङ्कित द्वितीय श्रेणी',
      'राजपत्र अनङ्कित तृतीय श्रेणी',
      'राजपत्र अनङ्कित चतुर्थ श्रेणी',
      'राजपत्र अनङ्कित पाँचौं श्रेणी',
      'श्रेणीविहीन',
    ]);
    expect(new Set(SERVICE_CLASSES.map((c) => c.rank)).size).toBe(SERVICE_CLASSES.length);
    const lowestGazetted = Math.min(...SERVICE_CLASSES.filter((c) => c.isGazetted).map((c) => c.rank));
    const highestNonGazetted = Math.max(...SERVICE_CLASSES.filter((c) => !c.isGazetted).map((c) => c.rank));
    expect(lowestGazetted).toBeGreaterThan(highestNonGazetted);
  });

  it('puts every post in a class that exists, and the common posts in their classes', () => {
    const classIds = idsOf(SERVICE_CLASSES);
    for (const post of POSTS) expect(classIds.has(post.classId), `post ${post.id}`).toBe(true);
    const className = new Map(SERVICE_CLASSES.map((c) => [c.id, c.nameEn]));
    const classOf = (nameEn: string) => className.get(POSTS.find((p) => p.nameEn === nameEn)!.classId);
    expect(classOf('Secretary')).toBe('Special Class');
    expect(classOf('Joint Secretary')).toBe('Gazetted First Class');
    expect(classOf('Under Secretary')).toBe('Gazetted Second Class');
    expect(classOf('Section Officer')).toBe('Gazetted Third Class');
    expect(classOf('Engineer')).toBe('Gazetted Third Class');
    expect(classOf('Nayab Subba')).toBe('Non-gazetted First Class');
    expect(classOf('Sub-Engineer')).toBe('Non-gazetted First Class');
    expect(classOf('Kharidar')).toBe('Non-gazetted Second Class');
    expect(classOf('Office Assistant')).toBe('Without Class');
  });
});

describe('education lists', () => {
  it('gives every university or board a kind the schema knows, with one row for abroad', () => {
    for (const row of UNIVERSITIES) expect(['university', 'board', 'council', 'foreign']).toContain(row.kind);
    expect(UNIVERSITIES.filter((u) => u.kind === 'foreign')).toHaveLength(1);
    expect(UNIVERSITIES.find((u) => u.kind === 'board')?.nameNp).toBe('राष्ट्रिय परीक्षा बोर्ड');
    expect(UNIVERSITIES.find((u) => u.kind === 'council')?.nameEn).toBe(
      'Council for Technical Education and Vocational Training',
    );
  });

  it('ranks the levels from literate to PhD, with a Diploma level with Grade 12', () => {
    const rankOf = (nameEn: string) => EDUCATION_LEVELS.find((l) => l.nameEn === nameEn)!.rank;
    const ladder = ['Literate', 'SLC / SEE (Grade 10)', 'Bachelor', 'Master', 'MPhil', 'PhD'].map(rankOf);
    expect([...ladder].sort((a, b) => a - b)).toEqual(ladder);
    expect(new Set(ladder).size).toBe(ladder.length);
    expect(rankOf('Diploma')).toBe(rankOf('Intermediate / Proficiency Certificate (Grade 12)'));
    expect(rankOf('Postgraduate Diploma')).toBeGreaterThan(rankOf('Bachelor'));
    expect(rankOf('Postgraduate Diploma')).toBeLessThan(rankOf('Master'));
    for (const level of EDUCATION_LEVELS) expect(Number.isInteger(level.rank) && level.rank > 0).toBe(true);
  });

  it('ends the faculties with Other', () => {
    expect(FACULTIES.at(-1)).toMatchObject({ nameEn: 'Other', nameNp: 'अन्य' });
  });
});
