// Draws the demo candidate's uploads (photograph, signature, both sides of the citizenship
// certificate) as real image files in db/src/seed/demo-files/, which the demo seed stores through
// the same file storage as uploads. Run again only to change the pictures:
//   npx tsx scripts/generate-demo-files.ts
// sharp is a development dependency: the API reads the committed files and never needs it.
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../db/src/seed/demo-files/', import.meta.url));

const photograph = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360">
  <rect width="300" height="360" fill="#dfe9f5"/>
  <ellipse cx="150" cy="150" rx="62" ry="76" fill="#c58c63"/>
  <path d="M88 130 Q92 58 150 60 Q208 58 212 130 Q196 96 150 94 Q104 96 88 130 Z" fill="#2b1d16"/>
  <path d="M30 360 Q40 250 150 238 Q260 250 270 360 Z" fill="#8e2c3a"/>
  <path d="M122 236 L150 280 L178 236 Z" fill="#f4f1ea"/>
  <text x="150" y="338" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">DEMO</text>
</svg>`;

const signature = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="110">
  <rect width="320" height="110" fill="#ffffff"/>
  <path d="M20 80 C40 20 60 20 58 70 C56 95 80 40 96 44 C110 48 98 78 118 72 C140 64 138 30 160 38 C178 46 160 80 186 74 C210 68 214 36 236 44 C256 52 240 86 268 70 C282 62 292 52 302 58"
        fill="none" stroke="#1a2f7a" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M40 92 L280 88" stroke="#1a2f7a" stroke-width="1.6" stroke-linecap="round"/>
</svg>`;

function citizenship(side: 'front' | 'back'): string {
  const lines =
    side === 'front'
      ? ['नाम थर: अञ्जली यादव', 'Name: Anjali Yadav', 'ना.प्र.नं.: २७-०१-७८-०४४११', 'जिल्ला: काठमाडौं']
      : ['जन्म मिति: २०५५-०१-०१', 'Date of birth: 1998-04-14', 'जारी मिति: २०७२-१०-२८', 'जारी गर्ने: जिल्ला प्रशासन कार्यालय'];
  const text = lines.map((line, index) => `<text x="40" y="${150 + index * 48}" font-size="26">${line}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" font-family="Noto Sans Devanagari, Noto Sans, sans-serif" fill="#1d2b3a">
  <rect width="640" height="400" rx="18" fill="#f6efe1"/>
  <rect x="10" y="10" width="620" height="380" rx="14" fill="none" stroke="#b5483c" stroke-width="4"/>
  <text x="320" y="64" font-size="32" font-weight="700" text-anchor="middle" fill="#b5483c">नेपाली नागरिकताको प्रमाणपत्र</text>
  <text x="320" y="100" font-size="20" text-anchor="middle">Citizenship certificate (${side}) — DEMO, not a real document</text>
  ${text}
</svg>`;
}

await sharp(Buffer.from(photograph)).jpeg({ quality: 82 }).toFile(`${folder}photograph.jpg`);
await sharp(Buffer.from(signature)).png({ palette: true }).toFile(`${folder}signature.png`);
await sharp(Buffer.from(citizenship('front'))).jpeg({ quality: 78 }).toFile(`${folder}citizenship-front.jpg`);
await sharp(Buffer.from(citizenship('back'))).jpeg({ quality: 78 }).toFile(`${folder}citizenship-back.jpg`);
console.log(`Demo files written to ${folder}`);
