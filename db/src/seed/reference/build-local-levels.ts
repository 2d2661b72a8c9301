// One-off build of the project's own provinces, districts, local-level types and local levels
// from the public local-levels dataset (MIT, credited in NOTICE). The app never reads the
// dataset: it reads the JSON files this script writes into ./data, which are committed.
//
//   npx tsx db/src/seed/reference/build-local-levels.ts [path-to-nepal-local-levels]
//
// Without an argument the dataset is looked for at shared/data/nepal-local-levels beside the
// repository root.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DISTRICT_OVERRIDES,
  LOCAL_LEVEL_OVERRIDES,
  PROVINCE_OVERRIDES,
  correctName,
  normalizeName,
  parseWardCount,
} from './corrections';

type SourceRow = { id: number; name: string };
type SourceDistrict = SourceRow & { province_id: number };
type SourceCategory = SourceRow & { short_code: string };
type SourceMunicipality = SourceRow & { district_id: number; category_id: number; wards: string };

const defaultSource = new URL('../../../../../shared/data/nepal-local-levels/', import.meta.url);
const sourceDir = process.argv[2] ? pathToFileURL(`${resolve(process.argv[2])}/`) : defaultSource;
const dataDir = new URL('./data/', import.meta.url);

function readSource<T>(name: string): T[] {
  return JSON.parse(readFileSync(new URL(name, sourceDir), 'utf8')) as T[];
}

/** The English and Nepali files must agree row by row before their names are paired. */
function pairById<T extends SourceRow>(english: T[], nepali: T[], same: (a: T, b: T) => boolean): [T, T][] {
  const byId = new Map(nepali.map((row) => [row.id, row]));
  if (byId.size !== english.length) throw new Error('English and Nepali files differ in length');
  return english.map((row) => {
    const match = byId.get(row.id);
    if (!match || !same(row, match)) throw new Error(`Row ${row.id} differs between the English and Nepali files`);
    return [row, match];
  });
}

function writeData(name: string, rows: object[]) {
  // One row a line keeps review diffs readable.
  const text = `[\n${rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]\n`;
  writeFileSync(new URL(name, dataDir), text);
  console.log(`wrote ${name}: ${rows.length} rows`);
}

const provinces = pairById(
  readSource<SourceRow>('provinces-en.json'),
  readSource<SourceRow>('provinces-np.json'),
  () => true,
).map(([en, np]) => ({
  id: en.id,
  nameEn: correctName(PROVINCE_OVERRIDES, en.id, 'nameEn', en.name),
  nameNp: correctName(PROVINCE_OVERRIDES, en.id, 'nameNp', np.name),
}));

const districts = pairById(
  readSource<SourceDistrict>('districts-en.json'),
  readSource<SourceDistrict>('districts-np.json'),
  (a, b) => a.province_id === b.province_id,
).map(([en, np]) => ({
  id: en.id,
  provinceId: en.province_id,
  nameEn: correctName(DISTRICT_OVERRIDES, en.id, 'nameEn', en.name),
  nameNp: correctName(DISTRICT_OVERRIDES, en.id, 'nameNp', np.name),
}));

const localLevelTypes = pairById(
  readSource<SourceCategory>('categories-en.json'),
  readSource<SourceCategory>('categories-np.json'),
  (a, b) => a.short_code === b.short_code,
).map(([en, np]) => ({
  id: en.id,
  code: en.short_code.trim(),
  nameEn: normalizeName(en.name),
  nameNp: normalizeName(np.name),
}));

const localLevels = pairById(
  readSource<SourceMunicipality>('municipalities-en.json'),
  readSource<SourceMunicipality>('municipalities-np.json'),
  (a, b) =>
    a.district_id === b.district_id && a.category_id === b.category_id && parseWardCount(a.wards) === parseWardCount(b.wards),
).map(([en, np]) => ({
  id: en.id,
  districtId: en.district_id,
  typeId: en.category_id,
  nameEn: correctName(LOCAL_LEVEL_OVERRIDES, en.id, 'nameEn', en.name),
  nameNp: correctName(LOCAL_LEVEL_OVERRIDES, en.id, 'nameNp', np.name),
  wards: parseWardCount(en.wards),
}));

writeData('provinces.json', provinces);
writeData('districts.json', districts);
writeData('local-level-types.json', localLevelTypes);
writeData('local-levels.json', localLevels);
