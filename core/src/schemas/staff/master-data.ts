import { z } from 'zod';
import { COLUMN_RANGES, type IntegerColumn } from '../../column-ranges';
import { LIMITS } from '../../limits';
import { toLatinDigits } from '../../numerals';
import { adDateSchema, idSchema, masterDataNameSchema, nepaliMobileSchema, numericCodeSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';

// Spec §5 master data: English and Nepali names required, no space at the start or end; numeric-only
// fields take numbers only, at most 15 digits. One schema per master-data type (spec §2, §3).

/**
 * A whole number typed as digits (either script) or sent as a JSON number: digits only, at most
 * 15 of them (spec §5), and no larger than its column (COLUMN_RANGES, 'integer' unless named) holds.
 */
export function masterDataNumberSchema(options: { max?: number; min?: number; column?: IntegerColumn } = {}) {
  const columnMax = COLUMN_RANGES[options.column ?? 'integer'].max;
  const min = options.min ?? 0;
  const max = Math.min(options.max ?? columnMax, columnMax);
  return z
    .preprocess((value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value), numericCodeSchema)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, withMessage('validation.numberTooSmall'))
        .max(max, withMessage('validation.numberTooLarge')),
    )
    // The document shows the number and its range rather than the digits it may be typed as.
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** A numeric-only text field that may be left empty (contact numbers, employee numbers). */
const optionalDigits = optionalField(
  z.preprocess((value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value), numericCodeSchema),
);

const activeFlag = z.boolean(withMessage('validation.invalid')).default(true);
const flag = z.boolean(withMessage('validation.invalid')).default(false);
const optionalId = optionalField(idSchema()).nullable().transform((value) => value ?? null);
// Districts are reference rows with smallint ids.
const optionalDistrictId = optionalField(idSchema('validation.required', 'smallint')).nullable().transform((value) => value ?? null);
const optionalName = optionalField(masterDataNameSchema).nullable().transform((value) => value ?? null);

const names = { nameEn: masterDataNameSchema, nameNp: masterDataNameSchema };

// Spec §9: fiscal years are written as B.S. years, e.g. 2081/82.
const fiscalYearSchema = z
  .string(withMessage('validation.required'))
  .transform(toLatinDigits)
  .pipe(z.string().regex(/^\d{4}\/\d{2}$/, withMessage('validation.fiscalYearInvalid')));

const namedSchema = z.object({ ...names, isActive: activeFlag });

export const MASTER_DATA_SCHEMAS = {
  districts: z.object({ provinceId: idSchema('validation.required', 'smallint'), ...names }),
  'local-levels': z.object({ districtId: idSchema('validation.required', 'smallint'), typeId: idSchema('validation.required', 'smallint'), ...names, wards: masterDataNumberSchema({ min: 1, max: 99 }) }),
  castes: z.object({ casteGroupId: idSchema(), ...names, isActive: activeFlag }),
  religions: namedSchema,
  'mother-tongues': namedSchema,
  'disability-types': z.object(names),
  'service-classes': z.object({ ...names, isGazetted: flag, rank: masterDataNumberSchema({ min: 1, max: 999 }), isActive: activeFlag }),
  posts: z.object({ classId: idSchema(), ...names, isActive: activeFlag }),
  'service-groups': z.object({ serviceId: idSchema(), ...names, isActive: activeFlag }),
  'service-subgroups': z.object({ groupId: idSchema(), ...names, isActive: activeFlag }),
  services: namedSchema,
  subjects: namedSchema,
  universities: z.object({ ...names, kind: z.enum(['university', 'board', 'council', 'foreign'], withMessage('validation.chooseOne')), isActive: activeFlag }),
  faculties: namedSchema,
  'education-levels': z.object({ ...names, rank: masterDataNumberSchema({ min: 1, max: 999 }), isActive: activeFlag }),
  ministries: namedSchema,
  departments: z.object({ ministryId: optionalId, ...names, isActive: activeFlag }),
  organizations: z.object({ departmentId: optionalId, districtId: optionalDistrictId, ...names, isCommissionOffice: flag, isActive: activeFlag }),
  // Spec §5: exam centre capacity at least 1.
  'exam-centres': z.object({
    organizationId: optionalId,
    districtId: optionalDistrictId,
    ...names,
    centerCapacity: masterDataNumberSchema({ min: 1 }),
    contactPerson: optionalName,
    contactNumber: optionalDigits.nullable().transform((value) => value ?? null),
    address: optionalName,
    isActive: activeFlag,
  }),
  // Names, post and mobile first: the list shows the first fields after the names.
  invigilators: z.object({
    ...names,
    employeeNo: optionalDigits.nullable().transform((value) => value ?? null),
    postId: optionalId,
    // Duty SMS go to it (spec §3 "Exam centre"): a real Nepali mobile, not any digits.
    mobile: optionalField(nepaliMobileSchema).nullable().transform((value) => value ?? null),
    organizationId: optionalId,
    isActive: activeFlag,
  }),
  // Chief, assistant, ...: a chief post heads a centre at a sitting, the others keep rooms.
  'invigilator-posts': z.object({ ...names, isChief: flag, isActive: activeFlag }),
  clusters: namedSchema,
  // Spec §5: the to-roll number must exceed the from-roll number.
  'roll-number-ranges': z
    .object({ organizationId: idSchema(), fiscalYear: fiscalYearSchema, rollFrom: masterDataNumberSchema({ column: 'bigint' }), rollTo: masterDataNumberSchema({ column: 'bigint' }), isActive: activeFlag })
    .refine((row) => row.rollTo > row.rollFrom, { path: ['rollTo'], message: 'validation.rollRange' }),
  'advertisement-ranges': z
    .object({
      organizationId: idSchema(),
      fiscalYear: fiscalYearSchema,
      numberFrom: masterDataNumberSchema(),
      numberTo: masterDataNumberSchema(),
      isActive: activeFlag,
    })
    .refine((row) => row.numberTo > row.numberFrom, { path: ['numberTo'], message: 'validation.rangeOrder' }),
  'promotion-types': namedSchema,
  decisions: z.object({
    decisionNo: numericCodeSchema,
    decisionDate: adDateSchema,
    descriptionEn: masterDataNameSchema,
    descriptionNp: masterDataNameSchema,
    isActive: activeFlag,
  }),
  fees: z.object({ classId: idSchema(), ...names, amount: masterDataNumberSchema(), isActive: activeFlag }),
  quotas: z.object({
    code: z
      .string(withMessage('validation.required'))
      .regex(/^[A-Za-z0-9_-]{1,30}$/, withMessage('validation.codeCharacters')),
    ...names,
    isActive: activeFlag,
  }),
  // The banks a voucher may be deposited at.
  banks: z.object({
    code: z
      .string(withMessage('validation.required'))
      .regex(/^[A-Za-z0-9_-]{1,30}$/, withMessage('validation.codeCharacters')),
    ...names,
    isActive: activeFlag,
  }),
} as const;

export type MasterDataType = keyof typeof MASTER_DATA_SCHEMAS;

export const MASTER_DATA_TYPES = Object.keys(MASTER_DATA_SCHEMAS) as MasterDataType[];

export function isMasterDataType(value: unknown): value is MasterDataType {
  return typeof value === 'string' && Object.hasOwn(MASTER_DATA_SCHEMAS, value);
}

export type MasterDataInput<T extends MasterDataType> = z.input<(typeof MASTER_DATA_SCHEMAS)[T]>;
export type MasterData<T extends MasterDataType> = z.output<(typeof MASTER_DATA_SCHEMAS)[T]>;

/** Spec academic-qualification: the minimum qualification of a post. */
export const postQualificationSchema = z.object({
  postId: idSchema(),
  educationLevelId: idSchema(),
  facultyIds: z.array(idSchema(), withMessage('validation.invalid')).max(50, withMessage('validation.tooMany')).default([]),
  description: optionalField(z.string().max(LIMITS.masterDataNameMaxLength * 4, withMessage('validation.maxLength')))
    .nullable()
    .transform((value) => value ?? null),
});

export type PostQualificationInput = z.input<typeof postQualificationSchema>;
