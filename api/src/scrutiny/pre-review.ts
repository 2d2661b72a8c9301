import { checkEligibility, scrutinyReason } from '@psc/core';
import { sql } from 'drizzle-orm';
import { readApplicationPayments, readCitizenshipDistrict, readClaimedQuotas, readEducationNames } from '../applications/application-record';
import { loadApplicantFacts, loadApplyAdvertisement } from '../applications/load-apply-context';
import { rowsOf } from '../applications/rows-of';
import type { AppDeps } from '../context';
import { AppError } from '../http/errors';
import { getProfile } from '../profile/get-profile';
import { profileDepsOf } from '../profile/profile-deps';
import { HOLDER_NAME, heldBy } from './scrutiny-holder';

// The pre-review view of one application [SC read] (spec §3 "Pre-review view"): the candidate's
// profile in both languages with file links staff open (the SC door of the staff file routes), the
// applied and payment dates, the age on the cut-off date, the post's minimum qualification and
// which education meets it, each claimed quota with its decision, and the decisions history.

/** Who may read it: the officer it is allocated to, or a scrutiny allocator or reporter (SA, SD). */
export type PreReviewReader = { userId: number; supervises: boolean };

/** The candidate's own links (/api/psc/files/...) open only for them; staff use their SC door. */
function pointFilesAtScrutinyDoor<T>(value: T, userId: number): T {
  if (Array.isArray(value)) return value.map((item: unknown) => pointFilesAtScrutinyDoor(item, userId)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, pointFilesAtScrutinyDoor(item, userId)]));
  if (typeof copy.fileId === 'string' && typeof copy.url === 'string') copy.url = `/api/admin/candidates/${userId}/files/${copy.fileId}`;
  return copy as T;
}

type ApplicationRow = {
  id: number;
  userId: number;
  advertisementId: number;
  receiptCode: string;
  status: string;
  paymentState: string;
  submittedAt: string;
  ageYears: number;
  ageMonths: number;
  ageDays: number;
  officerUserId: number;
  scrutinyStatus: string;
  version: number;
  examCentreNameEn: string;
  examCentreNameNp: string;
  holderName: string;
};

export async function readPreReview(deps: AppDeps, applicationId: number, reader: PreReviewReader) {
  const db = deps.db;
  const [application] = rowsOf<ApplicationRow>(
    await db.execute(sql`
      select a.id, a.user_id as "userId", a.advertisement_id as "advertisementId", a.receipt_code as "receiptCode", a.status,
        a.payment_state as "paymentState", to_json(a.submitted_at) #>> '{}' as "submittedAt",
        a.age_years as "ageYears", a.age_months as "ageMonths", a.age_days as "ageDays",
        s.officer_user_id as "officerUserId", s.status as "scrutinyStatus", s.version,
        ec.name_en as "examCentreNameEn", ec.name_np as "examCentreNameNp", ${HOLDER_NAME} as "holderName"
      from applications a
      join scrutiny_allocations s on s.application_id = a.id
      join users o on o.id = s.officer_user_id
      join exam_centres ec on ec.id = a.exam_centre_id
      where a.id = ${applicationId} and a.deleted_at is null`),
  );
  if (!application) throw new AppError('NOT_FOUND');
  const isMine = Number(application.officerUserId) === reader.userId;
  if (!isMine && !reader.supervises) throw heldBy(application.holderName);

  const [advertisement, facts, profile, quotas, payments, decisions, educations, requiredNames, citizenshipDistrict] = await Promise.all([
    loadApplyAdvertisement(db, application.advertisementId),
    loadApplicantFacts(db, application.userId),
    getProfile(profileDepsOf(deps), { userId: application.userId }),
    readClaimedQuotas(db, applicationId),
    // spec §3 pre-review: applied date and the payment's (online) or the voucher's dates.
    readApplicationPayments(db, applicationId, application.userId),
    db.execute(sql`
      select d.id::int as id, d.advertisement_quota_id as "advertisementQuotaId", d.decision, d.reason_code as "reasonCode", d.remark,
        d.officer_user_id as "officerUserId", concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "officerNameEn",
        to_json(d.at) #>> '{}' as at
      from scrutiny_decisions d join users u on u.id = d.officer_user_id
      where d.application_id = ${applicationId}
      order by d.id`),
    readEducationNames(db, application.userId),
    // The post's minimum qualification by name (spec §3 pre-review), beside the rank it is checked by.
    db.execute(sql`
      select l.name_en as "levelNameEn", l.name_np as "levelNameNp",
        coalesce((select json_agg(json_build_object('nameEn', f.name_en, 'nameNp', f.name_np) order by f.id)
          from post_qualification_faculties pf join faculties f on f.id = pf.faculty_id where pf.qualification_id = pq.id), '[]'::json) as faculties
      from advertisements ad
      join post_qualifications pq on pq.post_id = ad.post_id
      join education_levels l on l.id = pq.education_level_id
      where ad.id = ${application.advertisementId}`),
    readCitizenshipDistrict(db, application.userId),
  ]);
  if (!advertisement) throw new AppError('NOT_FOUND');

  const required = advertisement.qualification;
  const meets = (education: { levelRank: number; facultyId: number }) =>
    required === null || (education.levelRank >= required.levelRank && (required.facultyIds.length === 0 || required.facultyIds.includes(education.facultyId)));
  const eligibility = checkEligibility(facts, advertisement, required);
  return {
    // Staff only: who holds it, and whether the reader may decide (a supervisor reads only).
    application: { ...application, officerUserId: undefined, holderName: undefined },
    allocation: { holderName: application.holderName, isMine },
    advertisement: {
      id: advertisement.id,
      code: advertisement.code,
      ageCutOffDate: advertisement.ageCutOffDate,
      postNameEn: advertisement.postNameEn,
      postNameNp: advertisement.postNameNp,
      quotas: advertisement.quotas,
    },
    profile: pointFilesAtScrutinyDoor(profile, application.userId),
    qualification: {
      required,
      met: eligibility.qualificationMet,
      /** The ids of the candidate's educations that meet it (profile.educations). */
      meetingEducationIds: educations.filter(meets).map((education) => Number(education.id)),
      /** The minimum qualification's level and faculties by name; null when the post names none. */
      requiredNames: rowsOf<{ levelNameEn: string; levelNameNp: string; faculties: { nameEn: string; nameNp: string }[] }>(requiredNames)[0] ?? null,
      /** Each education's level, faculty and university by name, by its id in profile.educations. */
      educations: educations.map(({ levelRank: _levelRank, facultyId: _facultyId, ...names }) => ({ ...names, id: Number(names.id) })),
    },
    citizenshipDistrict,
    age: { years: application.ageYears, months: application.ageMonths, days: application.ageDays, limit: eligibility.ageLimit, met: eligibility.ageMet },
    quotas,
    // spec §3 pre-review: the voucher image, through the same SC door as the profile's files.
    payments: payments.map(
      ({ voucherFileId, voucherContentType, voucherByteSize, ...payment }) => ({
        ...payment,
        voucher:
          voucherFileId === null
            ? null
            : { fileId: voucherFileId, contentType: voucherContentType, byteSize: Number(voucherByteSize), url: `/api/admin/candidates/${application.userId}/files/${voucherFileId}` },
      }),
    ),
    decisions: rowsOf<{ reasonCode: string | null }>(decisions).map((row) => {
      const reason = row.reasonCode === null ? undefined : scrutinyReason(row.reasonCode);
      return { ...row, reasonEn: reason?.en ?? null, reasonNp: reason?.np ?? null };
    }),
  };
}
