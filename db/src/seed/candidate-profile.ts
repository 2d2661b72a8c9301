import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Database } from '../connect';
import {
  candidateAddresses,
  candidateAddressesAbroad,
  candidateDocuments,
  candidateEducations,
  candidateExtraDetails,
  candidateInclusiveGroups,
  candidateProfiles,
} from '../schema/index';

// STYLE §7: the profile of a candidate, section by section, written straight into the tables as
// the profile API would leave them. The demo's complete candidate, the apply API tests and the
// e2e tests (through the demo) all start from it.

export const SEED_DOCUMENT_KINDS = ['photograph', 'signature', 'citizenship-front', 'citizenship-back'] as const;
export type SeedDocumentKind = (typeof SEED_DOCUMENT_KINDS)[number];

/** A file to store as an upload of the candidate's (its type is judged from the bytes). */
export type SeedFile = { purpose: string; bytes: Uint8Array; originalName: string };

/**
 * Keeps a seed file the way uploads are kept (the API passes its own file storage in, so the
 * bytes are where the download routes look) and answers the stored_files id.
 */
export type StoreSeedFile = (ownerUserId: number, file: SeedFile) => Promise<string>;

const DEMO_FILE_NAMES: Record<SeedDocumentKind, string> = {
  photograph: 'photograph.jpg',
  signature: 'signature.png',
  'citizenship-front': 'citizenship-front.jpg',
  'citizenship-back': 'citizenship-back.jpg',
};

const demoFiles = new Map<SeedDocumentKind, Uint8Array>();

/**
 * The picture of a document, drawn by scripts/generate-demo-files.ts into demo-files/ (real
 * JPEG and PNG files that pass the uploads' content checks), read once per process.
 */
export function demoDocumentFile(kind: SeedDocumentKind): SeedFile {
  let bytes = demoFiles.get(kind);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(new URL(`./demo-files/${DEMO_FILE_NAMES[kind]}`, import.meta.url)));
    demoFiles.set(kind, bytes);
  }
  return { purpose: kind, bytes, originalName: DEMO_FILE_NAMES[kind] };
}

type InclusiveGroupCode = (typeof candidateInclusiveGroups.$inferInsert)['groupCode'];

export type SeedCandidateProfileOptions = {
  userId: number;
  storeFile: StoreSeedFile;
  /** The personal section's family names; without them the section is incomplete. */
  familyNames?: { fathersName: string; mothersName: string; grandFathersName: string } | null;
  /** The permanent address (the contact section); none when null. */
  permanentAddress: { provinceId: number; districtId: number; localLevelId: number; wardNo: number; tole?: string } | null;
  /** A mailing address abroad: the country's ISO 3166-1 code and the address there. */
  addressAbroad?: { countryCode: string; address: string };
  /** The extra section; none when null. */
  extraDetails?: Pick<typeof candidateExtraDetails.$inferInsert, 'maritalStatus' | 'employmentStatus' | 'physicallyDisabled'> &
    Partial<typeof candidateExtraDetails.$inferInsert>;
  inclusiveGroups?: readonly InclusiveGroupCode[];
  educations?: readonly (Pick<typeof candidateEducations.$inferInsert, 'universityId' | 'levelId' | 'facultyId'> & Partial<typeof candidateEducations.$inferInsert>)[];
  /** Which of the four documents are uploaded; all by default. */
  documents?: readonly SeedDocumentKind[];
  /** Declares no training, council registration or experience (a fresh graduate: 8 of 8 without those rows). */
  declaresNothingElse?: boolean;
};

/**
 * Fills in a candidate's profile, whose identity (candidate_profiles) registration already made.
 * Not idempotent by itself: call it once per candidate (the demo checks first).
 */
export async function seedCandidateProfile(db: Database, options: SeedCandidateProfileOptions): Promise<void> {
  const { userId } = options;
  const declares = options.declaresNothingElse ?? false;
  await db
    .update(candidateProfiles)
    .set({
      ...(options.familyNames ?? {}),
      declaresNoTraining: declares,
      declaresNoProfessionalCouncil: declares,
      declaresNoExperience: declares,
    })
    .where(eq(candidateProfiles.userId, userId));
  if (options.permanentAddress) await db.insert(candidateAddresses).values({ userId, kind: 'permanent', ...options.permanentAddress });
  if (options.addressAbroad) {
    const { countryCode, address } = options.addressAbroad;
    await db.insert(candidateAddressesAbroad).values({ userId, countryId: sql`(select id from countries where code = ${countryCode})`, address });
  }
  if (options.extraDetails) await db.insert(candidateExtraDetails).values({ ...options.extraDetails, userId });
  for (const groupCode of options.inclusiveGroups ?? []) await db.insert(candidateInclusiveGroups).values({ userId, groupCode });
  for (const education of options.educations ?? []) {
    await db.insert(candidateEducations).values({
      scoreType: 'percentage',
      score: '72.50',
      majorSubject: 'Public administration',
      educationType: 'national',
      passedDate: '2020-08-01',
      ...education,
      userId,
    });
  }
  for (const kind of options.documents ?? SEED_DOCUMENT_KINDS) {
    const fileId = await options.storeFile(userId, demoDocumentFile(kind));
    await db.insert(candidateDocuments).values({ userId, kind, fileId });
  }
}

