// One-off build of the countries of ISO 3166-1 (alpha-2 codes) with their English and Nepali
// names, for an address abroad (spec §2 dashboard "counts for Nepal and the world"). The names
// are CLDR's, as Node's full ICU carries them; the app never computes them: it reads the JSON
// file this script writes into ./data, which is committed. Ids are the rows' places in code
// order when first built; a country added later takes the next id, so ids never move.
//
//   npx tsx db/src/seed/reference/build-countries.ts
import { writeFileSync } from 'node:fs';

// CLDR names regions that are not countries of ISO 3166-1: groupings, exceptional reservations,
// private-use codes and withdrawn codes kept as aliases of their successors.
const NOT_ISO_3166_1 = new Set(
  'AC CP CQ DG EA EU EZ IC QO TA UN XA XB XK ZZ AN BU CS DD DY FX HV NH RH SU TP UK VD YD YU ZR'.split(' '),
);

const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const nepali = new Intl.DisplayNames(['ne'], { type: 'region', fallback: 'none' });
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const rows: { id: number; code: string; nameEn: string; nameNp: string }[] = [];
for (const first of letters) {
  for (const second of letters) {
    const code = first + second;
    const nameEn = english.of(code);
    const nameNp = nepali.of(code);
    if (NOT_ISO_3166_1.has(code) || !nameEn || nameEn === code || !nameNp) continue;
    rows.push({ id: rows.length + 1, code, nameEn, nameNp });
  }
}
if (rows.length !== 249) throw new Error(`ISO 3166-1 has 249 countries, ICU named ${rows.length}`);
const text = `[\n${rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]\n`;
writeFileSync(new URL('./data/countries.json', import.meta.url), text);
console.log(`wrote ${rows.length} countries`);
