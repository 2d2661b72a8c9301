// A sitting as the exam documents print it, for tests that need one whole and look only at the
// rest of their document: texts in English, the same in both languages.
import type { Bilingual, PrintedSitting } from './exam-documents';

export const bilingualSample = (en: string): Bilingual => ({ en, np: en });

export const printedSittingSample: PrintedSitting = {
  commission: bilingualSample('Public Service Commission'),
  office: bilingualSample('Central Office'),
  advertisementCode: '12/2081-82',
  post: bilingualSample('Section Officer'),
  paper: bilingualSample('First paper'),
  dateAd: '2031-04-02',
  dateBs: '2088-12-20',
  startTime: '11:00',
  durationMinutes: 120,
  centre: { name: bilingualSample('Bhanu School'), address: bilingualSample('Ward 1') },
};
