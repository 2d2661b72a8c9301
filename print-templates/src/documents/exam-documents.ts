// The documents' plain data is core's (core/src/exams/exam-documents.ts), shared with the API and
// the portal; the documents import it from here.
export type {
  AdmitCardData,
  AdmitCardPaper,
  ApplicationFormData,
  AttendanceSheetData,
  Bilingual,
  DoorListData,
  EmbeddedImage,
  FormField,
  PrintedCentre,
  PrintedInvigilator,
  PrintedSitting,
  RoomListData,
  SeatedCandidate,
} from '@psc/core';
