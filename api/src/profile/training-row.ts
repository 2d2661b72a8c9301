import type { Training } from '@psc/core';
import { schema } from '@psc/db';
import { toBs } from './calendar-fields';
import { refOf, type FileRefs } from './file-refs';
import type { RowSection } from './row-with-files';

type TrainingRow = typeof schema.candidateTrainings.$inferSelect;

export const trainingSection: RowSection<'certificate'> = {
  table: schema.candidateTrainings,
  slots: { certificate: { column: 'certificateFileId', purpose: 'training-certificate' } },
  // Spec §5 training: the document is required.
  requiredSlots: () => ['certificate'],
  declaration: 'declaresNoTraining',
};

export function toTrainingColumns(training: Training) {
  return {
    instituteName: training.instituteName,
    trainingName: training.trainingName,
    percentage: training.percentage.toFixed(2),
    trainingFrom: training.trainingFromAd,
    trainingTo: training.trainingToAd,
    division: training.division,
  };
}

export function presentTraining(row: TrainingRow, files: FileRefs) {
  return {
    id: row.id,
    instituteName: row.instituteName,
    trainingName: row.trainingName,
    percentage: Number(row.percentage),
    trainingFromAd: row.trainingFrom,
    trainingFromBs: toBs(row.trainingFrom),
    trainingToAd: row.trainingTo,
    trainingToBs: toBs(row.trainingTo),
    division: row.division,
    certificate: refOf(files, row.certificateFileId),
  };
}

export const trainingFileIds = (row: TrainingRow) => [row.certificateFileId];
