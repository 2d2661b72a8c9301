import type { Database } from '../connect';
import { banks } from '../schema/index';

/**
 * Nepal's commercial ("A" class) banks licensed by Nepal Rastra Bank, after the mergers of
 * 2022-2024 (Mega into Nepal Investment Mega, Sunrise into Laxmi Sunrise, Civil into Kumari,
 * Bank of Kathmandu into Global IME). A voucher is deposited at one of them (spec §2 bank list).
 * Staff add, rename or switch banks off on the master-data screen; the seed never overwrites them.
 */
export const SEEDED_BANKS = [
  { code: 'NBL', nameEn: 'Nepal Bank Limited', nameNp: 'नेपाल बैंक लिमिटेड' },
  { code: 'RBB', nameEn: 'Rastriya Banijya Bank Limited', nameNp: 'राष्ट्रिय वाणिज्य बैंक लिमिटेड' },
  { code: 'ADBL', nameEn: 'Agricultural Development Bank Limited', nameNp: 'कृषि विकास बैंक लिमिटेड' },
  { code: 'NABIL', nameEn: 'Nabil Bank Limited', nameNp: 'नबिल बैंक लिमिटेड' },
  { code: 'NIMB', nameEn: 'Nepal Investment Mega Bank Limited', nameNp: 'नेपाल इन्भेष्टमेन्ट मेगा बैंक लिमिटेड' },
  { code: 'SCBNL', nameEn: 'Standard Chartered Bank Nepal Limited', nameNp: 'स्ट्याण्डर्ड चार्टर्ड बैंक नेपाल लिमिटेड' },
  { code: 'HBL', nameEn: 'Himalayan Bank Limited', nameNp: 'हिमालयन बैंक लिमिटेड' },
  { code: 'SBI', nameEn: 'Nepal SBI Bank Limited', nameNp: 'नेपाल एसबिआई बैंक लिमिटेड' },
  { code: 'EBL', nameEn: 'Everest Bank Limited', nameNp: 'एभरेष्ट बैंक लिमिटेड' },
  { code: 'NMB', nameEn: 'NMB Bank Limited', nameNp: 'एनएमबि बैंक लिमिटेड' },
  { code: 'KBL', nameEn: 'Kumari Bank Limited', nameNp: 'कुमारी बैंक लिमिटेड' },
  { code: 'LSL', nameEn: 'Laxmi Sunrise Bank Limited', nameNp: 'लक्ष्मी सनराइज बैंक लिमिटेड' },
  { code: 'SBL', nameEn: 'Siddhartha Bank Limited', nameNp: 'सिद्धार्थ बैंक लिमिटेड' },
  { code: 'GBIME', nameEn: 'Global IME Bank Limited', nameNp: 'ग्लोबल आइएमई बैंक लिमिटेड' },
  { code: 'CZBIL', nameEn: 'Citizens Bank International Limited', nameNp: 'सिटिजन्स बैंक इन्टरनेशनल लिमिटेड' },
  { code: 'PCBL', nameEn: 'Prime Commercial Bank Limited', nameNp: 'प्राइम कमर्सियल बैंक लिमिटेड' },
  { code: 'SANIMA', nameEn: 'Sanima Bank Limited', nameNp: 'सानिमा बैंक लिमिटेड' },
  { code: 'MBL', nameEn: 'Machhapuchchhre Bank Limited', nameNp: 'माछापुच्छ्रे बैंक लिमिटेड' },
  { code: 'NICA', nameEn: 'NIC Asia Bank Limited', nameNp: 'एनआईसी एशिया बैंक लिमिटेड' },
  { code: 'PRVU', nameEn: 'Prabhu Bank Limited', nameNp: 'प्रभु बैंक लिमिटेड' },
] as const;

/** Inserts the banks that are missing (by code); safe to run on every start. */
export async function seedBanks(db: Database): Promise<void> {
  await db
    .insert(banks)
    .values(SEEDED_BANKS.map((bank) => ({ ...bank })))
    .onConflictDoNothing({ target: banks.code });
}
