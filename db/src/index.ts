export { connect, migrationsFolder } from './connect';
export type { Connection, ConnectOptions, Database, Schema } from './connect';
export * as schema from './schema/index';
export { fullNameEnOf, fullNameNpOf, userFullNameEn, userFullNameNp, userNameColumns } from './queries/names';
export { arrayLiteral } from './queries/array-literal';
export { NUMBERED_APPLICATION, numberApplicationsStatement, ROLL_ORDER, type RollNumberSpace } from './queries/roll-numbers';
export { parseSelectionCandidates, selectionCandidatesStatement } from './queries/selection-candidates';
export { oncePerDatabase } from './queries/once-per-database';
export { prepareStatement, statementText, type PreparedStatement } from './queries/prepared-statement';
export { answerEach, BUSY_STATEMENT_BATCHES, createStatementBatcher, type BatcherOptions } from './queries/statement-batcher';
export {
  DEMO_ACCOUNTS,
  DEMO_CLIENTS,
  demoAccountPath,
  seedAccessControl,
  seedDemoAccounts,
  seedRole,
  seedUser,
  type DemoAccount,
  type DemoAccountIds,
  type DemoAccountKey,
  type HashPassword,
} from './seed/demo';
export {
  demoDocumentFile,
  SEED_DOCUMENT_KINDS,
  seedCandidateProfile,
  type SeedCandidateProfileOptions,
  type SeedDocumentKind,
  type SeedFile,
  type StoreSeedFile,
} from './seed/candidate-profile';
export {
  DEMO_STAGES,
  seedDemo,
  seedDemoAdvertisement,
  seedDemoApplicantProfile,
  seedDemoOffice,
  type DemoContext,
  type DemoOffice,
  type DemoStage,
} from './seed/demo-stages';
export { DEMO_EXAM_VENUES, DEMO_INVIGILATOR_POSTS, DEMO_INVIGILATORS, seedDemoExamCentres, type DemoExamCentres } from './seed/demo-exam-centres';
export { DEMO_EXAM_PAPERS, seedExamPapers, seedExamPapersDemo, type SeedExamPaper } from './seed/demo-exam-papers';
export { seedReferenceData } from './seed/reference/index';
export { seedClassificationData } from './seed/classification/index';
export { SEEDED_QUOTAS, seedQuotas } from './seed/quotas';
export { SEEDED_BANKS, seedBanks } from './seed/banks';
export {
  openAdvertisementDates,
  seedAdvertisement,
  type SeedAdvertisementOptions,
  type SeededAdvertisement,
} from './seed/demo-recruitment';
export { dumpEmbeddedDatabase, openEmbeddedDump } from './embedded-dump';
