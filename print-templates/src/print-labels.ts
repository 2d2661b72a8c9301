import type { Language } from '@psc/core';

// The few words printed documents add around the caller's data. Kept here beside the templates
// (rather than in core's app catalogues) because only paper uses them; the Record over Language
// makes a missing translation a type error.
export type PrintLabels = {
  serialNumber: string;
  printedOn: string;
  bsEra: string;
  adEra: string;
  page: string;
  noRecords: string;
};

export const PRINT_LABELS: Record<Language, PrintLabels> = {
  ne: {
    serialNumber: 'क्र.सं.',
    printedOn: 'मुद्रण मिति',
    bsEra: 'वि.सं.',
    adEra: 'ई.सं.',
    page: 'पृष्ठ',
    noRecords: 'कुनै विवरण छैन',
  },
  en: {
    serialNumber: 'S.N.',
    printedOn: 'Printed on',
    bsEra: 'B.S.',
    adEra: 'A.D.',
    page: 'Page',
    noRecords: 'No records',
  },
};
