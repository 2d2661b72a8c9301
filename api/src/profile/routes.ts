import { z } from '@hono/zod-openapi';
import {
  ADDRESS_KINDS,
  addressAbroadSchema,
  addressSchema,
  educationSchema,
  extraDetailsSchema,
  governmentExperienceSchema,
  inclusiveGroupSchema,
  nonGovernmentExperienceSchema,
  personalDetailsSchema,
  professionalCouncilSchema,
  PROFILE_DOCUMENT_KINDS,
  profileDeclarationsSchema,
  trainingSchema,
  type ProfileDocumentKind,
  type ProfileUploadPurpose,
} from '@psc/core';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { checkUploads } from '../files/check-uploads';
import type { CheckedUpload } from '../files/store-upload';
import { envelopeSchema, errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { candidateRoute, createRouter } from '../http/router';
import { addEducation } from './add-education';
import { addGovernmentExperience } from './add-government-experience';
import { addInclusiveGroup } from './add-inclusive-group';
import { addNonGovernmentExperience } from './add-non-government-experience';
import { addProfessionalCouncil } from './add-professional-council';
import { addTraining } from './add-training';
import { computeCompleteness } from './compute-completeness';
import { saveDeclarations } from './declarations';
import { deleteEducation } from './delete-education';
import { deleteGovernmentExperience } from './delete-government-experience';
import { deleteInclusiveGroup } from './delete-inclusive-group';
import { deleteNonGovernmentExperience } from './delete-non-government-experience';
import { deleteProfessionalCouncil } from './delete-professional-council';
import { deleteTraining } from './delete-training';
import { educationFileIds, educationSection, presentEducation } from './education-row';
import { loadFileRefs, refOf } from './file-refs';
import { getProfile, presentAddress, presentExtra, readPersonal } from './get-profile';
import { governmentExperienceFileIds, governmentExperienceSection, presentGovernmentExperience } from './government-experience-row';
import { inclusiveGroupFileIds, inclusiveGroupSection, presentInclusiveGroup } from './inclusive-group-row';
import { nonGovernmentExperienceFileIds, nonGovernmentExperienceSection, presentNonGovernmentExperience } from './non-government-experience-row';
import { presentProfessionalCouncil, professionalCouncilFileIds, professionalCouncilSection } from './professional-council-row';
import { profileDepsOf, type ProfileDeps } from './profile-deps';
import { toAppError, translateFieldErrors } from './profile-errors';
import { readProfileRow } from './read-profile-row';
import type { RowSection } from './row-with-files';
import { saveAddress } from './save-address';
import { saveAddressAbroad } from './save-address-abroad';
import { saveDocument } from './save-document';
import { saveExtraDetails } from './save-extra-details';
import { savePersonalDetails } from './save-personal-details';
import { presentTraining, trainingFileIds, trainingSection } from './training-row';
import { updateEducation } from './update-education';
import { updateGovernmentExperience } from './update-government-experience';
import { updateInclusiveGroup } from './update-inclusive-group';
import { updateNonGovernmentExperience } from './update-non-government-experience';
import { updateProfessionalCouncil } from './update-professional-council';
import { updateTraining } from './update-training';

// The candidate profile API: thin handlers that validate (core schemas, upload rules), call one
// service and shape the answer. A save answers the saved item as GET /profile shows it, with the
// new completeness, so the form and the "x of 8" refresh without a second call.

type Ctx = Context<AppEnv>;

/** Service errors (lock, per-field refusals) become envelopes in the caller's language. */
async function run<T>(c: Ctx, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error, c.get('lang'));
  }
}

/**
 * One save of the signed-in candidate: runs it (service errors become envelopes) and answers
 * the saved item as GET /profile shows it, with the new completeness.
 */
async function answerSave<Item>(c: Ctx, save: (deps: ProfileDeps, userId: number) => Promise<Item>) {
  const deps = profileDepsOf(c.get('deps'));
  const userId = c.get('auth').userId;
  const item = await run(c, () => save(deps, userId));
  return ok(c, { item, completeness: await computeCompleteness(deps.db, userId) }, 'profile.sectionSaved');
}

/** The files of a multipart body, each checked by content against its upload rule (spec §5). */
async function readUploads<Field extends string>(c: Ctx, fields: Record<Field, ProfileUploadPurpose>) {
  const body = await c.req.parseBody({ all: true });
  const { uploads, errors } = await checkUploads(body, fields);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors: translateFieldErrors(errors, c.get('lang')) });
  return uploads;
}

/** Row ids are positive integers; anything else names no row of the candidate. */
function parseRowId(text: string): number {
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new AppError('NOT_FOUND');
  return Number(text);
}

const binaryFile = () => z.any().optional().openapi({ type: 'string', format: 'binary' });

function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** A multipart body: the section's fields (validated by the core schema) and its files. */
function multipartBody<S extends z.ZodType>(schema: S, files: readonly string[]) {
  const fileFields = z.object(Object.fromEntries(files.map((name) => [name, binaryFile()])));
  return { required: true, content: { 'multipart/form-data': { schema: z.intersection(schema, fileFields) } } };
}

const completenessSchema = z
  .object({
    completed: z.number().int(),
    total: z.number().int(),
    sections: z.record(z.string(), z.boolean()),
    governmentExperienceRequired: z.boolean(),
  })
  .openapi('ProfileCompleteness');

const itemSchema = z.record(z.string(), z.unknown());
const savedSchema = z.object({ item: itemSchema.nullable(), completeness: completenessSchema }).openapi('ProfileSaved');
const deletedSchema = z.object({ id: z.number().int(), completeness: completenessSchema }).openapi('ProfileRowDeleted');

const failures = {
  ...errorResponses,
  404: { description: 'No such row of this candidate', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  423: { description: 'The profile is locked by the commission (PROFILE_LOCKED)', content: { 'application/json': { schema: errorEnvelopeSchema } } },
};

const answers = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, content: { 'application/json': { schema: envelopeSchema(schema) } } },
  ...failures,
});

const profileSchema = z
  .object({
    personal: itemSchema,
    addresses: z.object({ permanent: itemSchema.nullable(), mailing: itemSchema.nullable(), abroad: itemSchema.nullable() }),
    extra: itemSchema.nullable(),
    inclusiveGroups: z.array(itemSchema),
    educations: z.array(itemSchema),
    trainings: z.array(itemSchema),
    professionalCouncils: z.array(itemSchema),
    governmentExperiences: z.array(itemSchema),
    nonGovernmentExperiences: z.array(itemSchema),
    documents: z.record(z.string(), itemSchema),
    declarations: z.object({ training: z.boolean(), professional: z.boolean(), experience: z.boolean() }),
    completeness: completenessSchema,
    lock: itemSchema.nullable(),
  })
  .openapi('CandidateProfile');

export const profileRoutes = createRouter()
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/profile',
      summary: "The signed-in candidate's whole profile, its completeness (x of 8) and any staff lock",
      responses: answers('The profile', profileSchema),
    }),
    async (c) => ok(c, await getProfile(profileDepsOf(c.get('deps')), { userId: c.get('auth').userId })),
  )
  .openapi(
    candidateRoute({
      method: 'put',
      path: '/profile/personal',
      summary: 'Save the Nepali and family names (spec §3 personal)',
      request: { body: jsonBody(personalDetailsSchema) },
      responses: answers('Saved', savedSchema),
    }),
    (c) =>
      answerSave(c, async (deps, userId) => {
        await savePersonalDetails(deps, { userId, personal: c.req.valid('json') });
        return readPersonal(deps.db, userId);
      }),
  )
  .openapi(
    candidateRoute({
      method: 'put',
      path: '/profile/extra',
      summary: 'Save the extra details (spec §3)',
      request: { body: jsonBody(extraDetailsSchema) },
      responses: answers('Saved', savedSchema),
    }),
    (c) => answerSave(c, async (deps, userId) => presentExtra(await saveExtraDetails(deps, { userId, extra: c.req.valid('json') }))),
  )
  .openapi(
    candidateRoute({
      method: 'put',
      path: '/profile/declarations',
      summary: 'Declare having no training, no council registration or no experience (true), or withdraw it (false)',
      description:
        'Refused (409 CONFLICT) while the section has rows, and for experience when the extra details say government service (spec §5). Adding a row withdraws the declaration.',
      request: { body: jsonBody(profileDeclarationsSchema) },
      responses: { ...answers('Saved', savedSchema), 409: { description: 'The section has rows, or a government employee declares no experience', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    (c) => answerSave(c, (deps, userId) => saveDeclarations(deps, { userId, change: c.req.valid('json') })),
  )
  .openapi(
    candidateRoute({
      method: 'put',
      path: '/profile/documents/{kind}',
      summary: 'Upload the photograph, signature or a side of the citizenship certificate (multipart field "file"; JPG or PNG, at most 500 KB)',
      request: {
        params: z.object({ kind: z.enum(PROFILE_DOCUMENT_KINDS) }),
        body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: binaryFile() }) } } },
      },
      responses: answers('Saved', savedSchema),
    }),
    async (c) => {
      const kind: ProfileDocumentKind = c.req.valid('param').kind;
      const uploads = await readUploads(c, { file: kind });
      if (!uploads.file) throw new AppError('VALIDATION_FAILED', { errors: translateFieldErrors({ file: ['validation.fileRequired'] }, c.get('lang')) });
      const upload: CheckedUpload = uploads.file;
      return answerSave(c, async (deps, userId) => {
        const fileId = await saveDocument(deps, { userId, kind, upload });
        return refOf(await loadFileRefs(deps.db, [fileId]), fileId);
      });
    },
  );

// Spec §3 contact: one route per kind, so that each is its own documented operation.
for (const kind of ADDRESS_KINDS) {
  profileRoutes.openapi(
    candidateRoute({
      method: 'put',
      path: `/profile/address/${kind}`,
      summary: `Save the ${kind} address (spec §3 contact)`,
      request: { body: jsonBody(addressSchema) },
      responses: answers('Saved', savedSchema),
    }),
    (c) => answerSave(c, async (deps, userId) => presentAddress(await saveAddress(deps, { userId, kind, address: c.req.valid('json') }))),
  );
}

profileRoutes.openapi(
  candidateRoute({
    method: 'put',
    path: '/profile/address/abroad',
    summary: 'Save the mailing address abroad, in place of one in Nepal (spec §3 contact)',
    request: { body: jsonBody(addressAbroadSchema) },
    responses: answers('Saved', savedSchema),
  }),
  (c) => answerSave(c, (deps, userId) => saveAddressAbroad(deps, { userId, address: c.req.valid('json') })),
);

type ListSection = {
  path: string;
  title: string;
  schema: z.ZodType;
  section: RowSection<string>;
  present: (row: never, files: Awaited<ReturnType<typeof loadFileRefs>>) => unknown;
  fileIds: (row: never) => (string | null)[];
  add: (deps: ProfileDeps, userId: number, data: never, uploads: Record<string, CheckedUpload>) => Promise<number>;
  update: (deps: ProfileDeps, userId: number, id: number, data: never, uploads: Record<string, CheckedUpload>) => Promise<boolean>;
  remove: (deps: ProfileDeps, input: { userId: number; id: number }) => Promise<boolean>;
};

// The list sections: POST adds a row, PUT /{id} replaces it, DELETE /{id} removes it with its
// files. Each takes multipart: the section's fields and its files (spec §5 rules per file).
const LIST_SECTIONS: ListSection[] = [
  {
    path: 'inclusive-groups',
    title: 'inclusive group (samuhaBarga) with its document',
    schema: inclusiveGroupSchema,
    section: inclusiveGroupSection,
    present: presentInclusiveGroup as ListSection['present'],
    fileIds: inclusiveGroupFileIds as ListSection['fileIds'],
    add: (deps, userId, group, uploads) => addInclusiveGroup(deps, { userId, group, uploads }),
    update: (deps, userId, id, group, uploads) => updateInclusiveGroup(deps, { userId, id, group, uploads }),
    remove: deleteInclusiveGroup,
  },
  {
    path: 'educations',
    title: 'education',
    schema: educationSchema,
    section: educationSection,
    present: presentEducation as ListSection['present'],
    fileIds: educationFileIds as ListSection['fileIds'],
    add: (deps, userId, education, uploads) => addEducation(deps, { userId, education, uploads }),
    update: (deps, userId, id, education, uploads) => updateEducation(deps, { userId, id, education, uploads }),
    remove: deleteEducation,
  },
  {
    path: 'trainings',
    title: 'training',
    schema: trainingSchema,
    section: trainingSection,
    present: presentTraining as ListSection['present'],
    fileIds: trainingFileIds as ListSection['fileIds'],
    add: (deps, userId, training, uploads) => addTraining(deps, { userId, training, uploads }),
    update: (deps, userId, id, training, uploads) => updateTraining(deps, { userId, id, training, uploads }),
    remove: deleteTraining,
  },
  {
    path: 'professional-councils',
    title: 'professional council registration',
    schema: professionalCouncilSchema,
    section: professionalCouncilSection,
    present: presentProfessionalCouncil as ListSection['present'],
    fileIds: professionalCouncilFileIds as ListSection['fileIds'],
    add: (deps, userId, council, uploads) => addProfessionalCouncil(deps, { userId, council, uploads }),
    update: (deps, userId, id, council, uploads) => updateProfessionalCouncil(deps, { userId, id, council, uploads }),
    remove: deleteProfessionalCouncil,
  },
  {
    path: 'government-experiences',
    title: 'government experience',
    schema: governmentExperienceSchema,
    section: governmentExperienceSection,
    present: presentGovernmentExperience as ListSection['present'],
    fileIds: governmentExperienceFileIds as ListSection['fileIds'],
    add: (deps, userId, experience, uploads) => addGovernmentExperience(deps, { userId, experience, uploads }),
    update: (deps, userId, id, experience, uploads) => updateGovernmentExperience(deps, { userId, id, experience, uploads }),
    remove: deleteGovernmentExperience,
  },
  {
    path: 'non-government-experiences',
    title: 'non-government experience',
    schema: nonGovernmentExperienceSchema,
    section: nonGovernmentExperienceSection,
    present: presentNonGovernmentExperience as ListSection['present'],
    fileIds: nonGovernmentExperienceFileIds as ListSection['fileIds'],
    add: (deps, userId, experience, uploads) => addNonGovernmentExperience(deps, { userId, experience, uploads }),
    update: (deps, userId, id, experience, uploads) => updateNonGovernmentExperience(deps, { userId, id, experience, uploads }),
    remove: deleteNonGovernmentExperience,
  },
];

for (const list of LIST_SECTIONS) {
  const fileFields = Object.fromEntries(Object.entries(list.section.slots).map(([field, slot]) => [field, slot.purpose])) as Record<string, ProfileUploadPurpose>;
  const body = multipartBody(list.schema, Object.keys(fileFields));
  const idParam = z.object({ id: z.string().max(12) });

  const readRow = (deps: ProfileDeps, userId: number, id: number) =>
    readProfileRow(deps.db, { table: list.section.table, present: list.present, fileIds: list.fileIds }, { userId, id });

  profileRoutes
    .openapi(
      candidateRoute({
        method: 'post',
        path: `/profile/${list.path}`,
        summary: `Add a ${list.title} (multipart: fields and files ${Object.keys(fileFields).join(', ')})`,
        request: { body },
        responses: answers('Added', savedSchema),
      }),
      async (c) => {
        const data = c.req.valid('form' as never) as never;
        const uploads = (await readUploads(c, fileFields)) as Record<string, CheckedUpload>;
        return (await answerSave(c, async (deps, userId) => readRow(deps, userId, await list.add(deps, userId, data, uploads)))) as never;
      },
    )
    .openapi(
      candidateRoute({
        method: 'put',
        path: `/profile/${list.path}/{id}`,
        summary: `Replace a ${list.title}; files not sent are kept`,
        request: { params: idParam, body },
        responses: answers('Saved', savedSchema),
      }),
      async (c) => {
        const id = parseRowId(c.req.valid('param').id);
        const data = c.req.valid('form' as never) as never;
        const uploads = (await readUploads(c, fileFields)) as Record<string, CheckedUpload>;
        const answer = await answerSave(c, async (deps, userId) => {
          if (!(await list.update(deps, userId, id, data, uploads))) throw new AppError('NOT_FOUND');
          return readRow(deps, userId, id);
        });
        return answer as never;
      },
    )
    .openapi(
      candidateRoute({
        method: 'delete',
        path: `/profile/${list.path}/{id}`,
        summary: `Delete a ${list.title} and its files`,
        request: { params: idParam },
        responses: answers('Deleted', deletedSchema),
      }),
      async (c) => {
        const deps = profileDepsOf(c.get('deps'));
        const userId = c.get('auth').userId;
        const id = parseRowId(c.req.valid('param').id);
        const found = await run(c, () => list.remove(deps, { userId, id }));
        if (!found) throw new AppError('NOT_FOUND');
        return ok(c, { id, completeness: await computeCompleteness(deps.db, userId) }, 'profile.rowDeleted');
      },
    );
}
