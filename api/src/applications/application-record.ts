import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows-of';

// Reads of one application's record that staff views share: the scrutiny pre-review (spec §3
// "Pre-review view") and the printed application form (spec §2 generate/form). Each is one
// statement; the candidate's profile itself is getProfile's.

export type ClaimedQuota = { advertisementQuotaId: number; code: string; nameEn: string; nameNp: string; status: string; addedLater: boolean };

/** The quotas the application claims, each with its scrutiny status. */
export async function readClaimedQuotas(db: Database, applicationId: number): Promise<ClaimedQuota[]> {
  return rowsOf<ClaimedQuota>(
    await db.execute(sql`
      select aq.advertisement_quota_id as "advertisementQuotaId", q.code, q.name_en as "nameEn", q.name_np as "nameNp", aq.status, aq.added_later as "addedLater"
      from application_quotas aq
      join advertisement_quotas adq on adq.id = aq.advertisement_quota_id
      join quotas q on q.id = adq.quota_id
      where aq.application_id = ${applicationId}
      order by aq.advertisement_quota_id`),
  );
}

export type ApplicationPaymentRow = {
  method: string;
  status: string;
  amount: number;
  paidOn: string | null;
  verifiedAt: string | null;
  createdAt: string;
  voucherNumber: string | null;
  voucherFileId: string | null;
  voucherContentType: string | null;
  voucherByteSize: number | null;
};

/** The application's payments that count (completed online, verified or submitted vouchers). */
export async function readApplicationPayments(db: Database, applicationId: number, userId: number): Promise<ApplicationPaymentRow[]> {
  // The candidate's own payments (payments_user_idx) are few; payments has no index by charge.
  return rowsOf<ApplicationPaymentRow>(
    await db.execute(sql`
      select p.method, p.status, p.amount, to_json(p.paid_on) #>> '{}' as "paidOn", to_json(p.verified_at) #>> '{}' as "verifiedAt",
        to_json(p.created_at) #>> '{}' as "createdAt", p.voucher_number as "voucherNumber", p.voucher_file_id as "voucherFileId",
        sf.content_type as "voucherContentType", sf.byte_size as "voucherByteSize"
      from payments p join charges ch on ch.id = p.charge_id
      left join stored_files sf on sf.id = p.voucher_file_id
      where ch.application_id = ${applicationId} and p.user_id = ${userId} and p.status in ('completed', 'verified', 'submitted')
      order by p.id`),
  );
}

export type NamedEducation = {
  id: number;
  levelRank: number;
  facultyId: number;
  levelNameEn: string;
  levelNameNp: string;
  facultyNameEn: string;
  facultyNameNp: string;
  universityNameEn: string;
  universityNameNp: string;
};

/** The candidate's educations with their level, faculty and university by name, in profile order. */
export async function readEducationNames(db: Database, userId: number): Promise<NamedEducation[]> {
  return rowsOf<NamedEducation>(
    await db.execute(sql`
      select e.id, l.rank as "levelRank", e.faculty_id as "facultyId", l.name_en as "levelNameEn", l.name_np as "levelNameNp",
        f.name_en as "facultyNameEn", f.name_np as "facultyNameNp", un.name_en as "universityNameEn", un.name_np as "universityNameNp"
      from candidate_educations e join education_levels l on l.id = e.level_id
      join faculties f on f.id = e.faculty_id
      join universities un on un.id = e.university_id
      where e.user_id = ${userId}
      order by e.id`),
  );
}

/** The district that issued the candidate's citizenship certificate, by name; null when none is given. */
export async function readCitizenshipDistrict(db: Database, userId: number): Promise<{ nameEn: string; nameNp: string } | null> {
  return (
    rowsOf<{ nameEn: string; nameNp: string }>(
      await db.execute(sql`
        select d.name_en as "nameEn", d.name_np as "nameNp"
        from candidate_profiles cp join districts d on d.id = cp.citizenship_issue_district_id
        where cp.user_id = ${userId}`),
    )[0] ?? null
  );
}
