import type { ProfessionalCouncil } from '@psc/core';
import { schema } from '@psc/db';
import { toBs } from './calendar-fields';
import { refOf, type FileRefs } from './file-refs';
import type { RowSection } from './row-with-files';

type ProfessionalCouncilRow = typeof schema.candidateProfessionalCouncils.$inferSelect;

export const professionalCouncilSection: RowSection<'front' | 'back'> = {
  table: schema.candidateProfessionalCouncils,
  slots: {
    front: { column: 'frontFileId', purpose: 'council-front' },
    back: { column: 'backFileId', purpose: 'council-back' },
  },
  // Spec §3: file (front) and backFile; the front shows the registration.
  requiredSlots: () => ['front'],
  declaration: 'declaresNoProfessionalCouncil',
};

export function toProfessionalCouncilColumns(council: ProfessionalCouncil) {
  return {
    councilName: council.councilName,
    degreeType: council.degreeType,
    dartaNo: council.dartaNo,
    issuedDate: council.issuedDateAd,
    renewDate: council.renewDateAd ?? null,
    validityDate: council.validityDateAd ?? null,
    councilType: council.councilType,
  };
}

export function presentProfessionalCouncil(row: ProfessionalCouncilRow, files: FileRefs) {
  return {
    id: row.id,
    councilName: row.councilName,
    degreeType: row.degreeType,
    dartaNo: row.dartaNo,
    issuedDateAd: row.issuedDate,
    issuedDateBs: toBs(row.issuedDate),
    renewDateAd: row.renewDate,
    renewDateBs: toBs(row.renewDate),
    validityDateAd: row.validityDate,
    validityDateBs: toBs(row.validityDate),
    councilType: row.councilType,
    front: refOf(files, row.frontFileId),
    back: refOf(files, row.backFileId),
  };
}

export const professionalCouncilFileIds = (row: ProfessionalCouncilRow) => [row.frontFileId, row.backFileId];
