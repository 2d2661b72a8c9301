import { ageOn, type Age } from '../calendar/age';
import type { MessageKey } from '../i18n/en';

// Who may apply to an advertisement (checked on the server, whatever the form allowed; spec §3
// pre-review "age in years, months and days, minimum qualification"; spec §5 apply and §8
// missing-documents modal). The API refuses a submission on any reason found here, and the
// portal shows the same reasons before the candidate fills the form.

/** What the missing-documents modal names (spec §5 apply, §8). */
export const APPLICATION_REQUIREMENTS = [
  'personal',
  'extra',
  'contact',
  'education',
  'citizenship-front',
  'citizenship-back',
  'photograph',
  'signature',
] as const;
export type ApplicationRequirement = (typeof APPLICATION_REQUIREMENTS)[number];

export type EligibilityCandidate = {
  /** A.D.; null while the personal section has not been saved. */
  dateOfBirth: string | null;
  gender: 'male' | 'female' | 'other' | null;
  /** Extra details: physically disabled (spec §3 Extra). */
  physicallyDisabled: boolean;
  /** The profile sections the modal asks for, as the profile's completeness judges them. */
  hasPersonal: boolean;
  hasExtra: boolean;
  hasContact: boolean;
  documentKinds: readonly string[];
  educations: readonly { levelRank: number; facultyId: number }[];
};

export type EligibilityAdvertisement = {
  ageCutOffDate: string | null;
  minAgeYears: number;
  maxAgeYears: number;
  maxAgeYearsRelaxed: number;
};

/** The post's minimum qualification (post_qualifications); null when the post names none. */
export type MinimumQualification = { levelRank: number; facultyIds: readonly number[] } | null;

export type AgeLimit = { minYears: number; maxYears: number; isRelaxed: boolean };

export type Eligibility = {
  eligible: boolean;
  /** On the advertisement's age cut-off date; null without a birth date or cut-off date. */
  age: Age | null;
  ageLimit: AgeLimit;
  ageMet: boolean;
  qualificationMet: boolean;
  missingDocuments: ApplicationRequirement[];
  /** Message keys of every reason the application is refused, first the modal's. */
  reasons: MessageKey[];
};

/**
 * Civil Service Act (and the advertisement's maxAgeYearsRelaxed): women and persons with
 * disabilities may be older than the others.
 */
export function ageLimitFor(candidate: Pick<EligibilityCandidate, 'gender' | 'physicallyDisabled'>, advertisement: EligibilityAdvertisement): AgeLimit {
  const isRelaxed = candidate.gender === 'female' || candidate.physicallyDisabled;
  return { minYears: advertisement.minAgeYears, maxYears: isRelaxed ? advertisement.maxAgeYearsRelaxed : advertisement.maxAgeYears, isRelaxed };
}

/**
 * "Not older than N years" admits an age of exactly N years, 0 months, 0 days on the cut-off date
 * and nothing past it; "at least M years" needs M whole years.
 */
export function isAgeWithin(age: Age, limit: AgeLimit): boolean {
  if (age.years < limit.minYears) return false;
  if (age.years > limit.maxYears) return false;
  return age.years < limit.maxYears || (age.months === 0 && age.days === 0);
}

/** A level at or above the required one, in a faculty the post accepts (none listed: any faculty). */
export function meetsQualification(educations: EligibilityCandidate['educations'], qualification: MinimumQualification): boolean {
  if (!qualification) return true;
  return educations.some(
    (education) => education.levelRank >= qualification.levelRank && (qualification.facultyIds.length === 0 || qualification.facultyIds.includes(education.facultyId)),
  );
}

export function findMissingRequirements(candidate: EligibilityCandidate): ApplicationRequirement[] {
  const present: Record<ApplicationRequirement, boolean> = {
    personal: candidate.hasPersonal,
    extra: candidate.hasExtra,
    contact: candidate.hasContact,
    education: candidate.educations.length > 0,
    'citizenship-front': candidate.documentKinds.includes('citizenship-front'),
    'citizenship-back': candidate.documentKinds.includes('citizenship-back'),
    photograph: candidate.documentKinds.includes('photograph'),
    signature: candidate.documentKinds.includes('signature'),
  };
  return APPLICATION_REQUIREMENTS.filter((requirement) => !present[requirement]);
}

/** Every reason a candidate may not apply to an advertisement, with the age it was judged by. */
export function checkEligibility(candidate: EligibilityCandidate, advertisement: EligibilityAdvertisement, qualification: MinimumQualification): Eligibility {
  const missingDocuments = findMissingRequirements(candidate);
  const ageLimit = ageLimitFor(candidate, advertisement);
  const age =
    candidate.dateOfBirth && advertisement.ageCutOffDate && candidate.dateOfBirth <= advertisement.ageCutOffDate ? ageOn(candidate.dateOfBirth, advertisement.ageCutOffDate) : null;
  const ageMet = age !== null && isAgeWithin(age, ageLimit);
  const qualificationMet = meetsQualification(candidate.educations, qualification);
  const reasons: MessageKey[] = [];
  if (missingDocuments.length > 0) reasons.push('application.missingDocuments');
  if (age === null) {
    if (!advertisement.ageCutOffDate) reasons.push('application.cutOffDateMissing');
    else if (candidate.dateOfBirth) reasons.push('application.tooYoung');
  } else if (age.years < ageLimit.minYears) reasons.push('application.tooYoung');
  else if (!ageMet) reasons.push('application.tooOld');
  if (!qualificationMet) reasons.push('application.qualificationNotMet');
  return { eligible: reasons.length === 0, age, ageLimit, ageMet, qualificationMet, missingDocuments, reasons };
}

/** What decides which reserved quotas a candidate may compete in (spec §3 Extra, samuha barga). */
export type QuotaClaimant = {
  gender: 'male' | 'female' | 'other' | null;
  physicallyDisabled: boolean;
  /** Inclusive groups the candidate has claimed with their document (candidate_inclusive_groups). */
  inclusiveGroupCodes: readonly string[];
  /** Extra details: employment status government service. */
  isGovernmentEmployee: boolean;
};

export type QuotaRefusal =
  | 'application.quotaWomenOnly'
  | 'application.quotaDisabledOnly'
  | 'application.quotaGroupNotClaimed'
  | 'application.quotaInternalOnly';

// Civil Service Act 7(7): the reserved seats go to the group they are reserved for; internal
// competition is for serving civil servants. Quotas a commission adds under another code are
// open to all, as the open quota is.
const CLAIMED_GROUP_QUOTAS = new Set(['adivasi-janajati', 'madhesi', 'dalit', 'backward-area']);

/** Why the candidate may not compete in the quota with this code; null when they may. */
export function quotaRefusalFor(quotaCode: string, claimant: QuotaClaimant): QuotaRefusal | null {
  if (quotaCode === 'women') return claimant.gender === 'female' ? null : 'application.quotaWomenOnly';
  if (quotaCode === 'disabled') return claimant.physicallyDisabled ? null : 'application.quotaDisabledOnly';
  if (quotaCode === 'internal') return claimant.isGovernmentEmployee ? null : 'application.quotaInternalOnly';
  if (CLAIMED_GROUP_QUOTAS.has(quotaCode)) return claimant.inclusiveGroupCodes.includes(quotaCode) ? null : 'application.quotaGroupNotClaimed';
  return null;
}

/** Whether the candidate may compete in a quota, and the catalogue key that says why not. */
export type QuotaClaim = { claimable: boolean; refusal: QuotaRefusal | null };

/**
 * The one answer the apply form offers quotas by and the submit refuses them by (quotaRefusalFor),
 * so what is offered is never refused.
 */
export function quotaClaimOf(quotaCode: string, claimant: QuotaClaimant): QuotaClaim {
  const refusal = quotaRefusalFor(quotaCode, claimant);
  return { claimable: refusal === null, refusal };
}
