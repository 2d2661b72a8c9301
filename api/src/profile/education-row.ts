import type { Education } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { toBs } from './calendar-fields';
import { checkReferences } from './check-references';
import { refOf, type FileRefs } from './file-refs';
import type { RowSection } from './row-with-files';

export type EducationFileField = 'transcriptFront' | 'transcriptBack' | 'characterCertificate' | 'equivalentCertificate';

type EducationRow = typeof schema.candidateEducations.$inferSelect;

export const educationSection: RowSection<EducationFileField> = {
  table: schema.candidateEducations,
  slots: {
    transcriptFront: { column: 'transcriptFrontFileId', purpose: 'transcript-front' },
    transcriptBack: { column: 'transcriptBackFileId', purpose: 'transcript-back' },
    characterCertificate: { column: 'characterCertificateFileId', purpose: 'character-certificate' },
    equivalentCertificate: { column: 'equivalentCertificateFileId', purpose: 'equivalent-certificate' },
  },
  // The transcript proves the degree; a foreign degree also needs its equivalence (spec §3 files).
  requiredSlots: (values) => (values.educationType === 'foreign' ? ['transcriptFront', 'equivalentCertificate'] : ['transcriptFront']),
  // Spec §5: changing the level deletes the uploaded files, which prove the old level.
  replacesFiles: (previous, values) => previous.levelId !== values.levelId,
};

export async function checkEducationReferences(db: Database, education: Education): Promise<void> {
  await checkReferences(db, [
    { field: 'universityId', table: schema.universities, id: education.universityId },
    { field: 'levelId', table: schema.educationLevels, id: education.levelId },
    { field: 'facultyId', table: schema.faculties, id: education.facultyId },
  ]);
}

export function toEducationColumns(education: Education) {
  return {
    universityId: education.universityId,
    levelId: education.levelId,
    facultyId: education.facultyId,
    scoreType: education.scoreType,
    score: education.score.toFixed(2),
    majorSubject: education.majorSubject,
    description: education.description ?? null,
    educationType: education.educationType,
    passedDate: education.passedDateAd,
    division: education.division ?? null,
  };
}

export function presentEducation(row: EducationRow, files: FileRefs) {
  return {
    id: row.id,
    universityId: row.universityId,
    levelId: row.levelId,
    facultyId: row.facultyId,
    scoreType: row.scoreType,
    score: Number(row.score),
    majorSubject: row.majorSubject,
    description: row.description,
    educationType: row.educationType,
    passedDateAd: row.passedDate,
    passedDateBs: toBs(row.passedDate),
    division: row.division,
    transcriptFront: refOf(files, row.transcriptFrontFileId),
    transcriptBack: refOf(files, row.transcriptBackFileId),
    characterCertificate: refOf(files, row.characterCertificateFileId),
    equivalentCertificate: refOf(files, row.equivalentCertificateFileId),
  };
}

export const educationFileIds = (row: EducationRow) => [
  row.transcriptFrontFileId,
  row.transcriptBackFileId,
  row.characterCertificateFileId,
  row.equivalentCertificateFileId,
];
