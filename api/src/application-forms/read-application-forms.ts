import { adToBs, formatAdDate, formatBsDate, formatBsIso, formatDigits, formatMoney, profileLabelsEn, profileLabelsNe, profileOptionKey, todayAd, toLatinDigits, type Language, type ProfileLabelKey, type ProfileOptionGroup } from '@psc/core';
import type { Database } from '@psc/db';
import type { ApplicationFormData, FormField } from '@psc/print-templates';
import { sql, type SQL } from 'drizzle-orm';
import { COMMISSION_NAME } from '../admit-cards/read-admit-cards';
import { pictureDataUrl } from '../admit-cards/admit-card-pdf';
import { readApplicationPayments, readClaimedQuotas, readEducationNames } from '../applications/application-record';
import { rowsOf } from '../applications/rows-of';
import type { AppDeps } from '../context';
import { getFileStorage } from '../files/file-storage';
import { AppError } from '../http/errors';
import { getProfile } from '../profile/get-profile';
import { profileDepsOf } from '../profile/profile-deps';

// spec §2 generate/form [MC]: a candidate's filled application form, printed for the file. The
// list finds an application by the candidate's name in either language, the roll number, the
// master id or the receipt code; the form is the candidate's profile as it stands (getProfile,
// the read the scrutiny pre-review makes too) with the application's own record: its quotas,
// its payment, its exam centre and roll number. Only applications that became applications count:
// paid, and not deleted.

export type ApplicationFormRow = {
  applicationId: number;
  advertisementCode: string;
  rollNumber: string | null;
  nameEn: string;
  nameNp: string | null;
  masterId: number | null;
  receiptCode: string;
};

export type ApplicationFormFilter = { advertisementId?: number | undefined; search?: string | undefined; page: number; pageSize: number };

const NAME_EN = sql`concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en)`;
const NAME_NP = sql`nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '')`;

/** What a search matches: names by part, numbers and codes whole (Devanagari digits read as Latin). */
function searchCondition(search: string): SQL {
  const text = toLatinDigits(search.trim()).replace(/\s+/g, ' ');
  const like = `%${text.replace(/[%_\\]/g, (match) => `\\${match}`)}%`;
  const conditions = [sql`${NAME_EN} ilike ${like}`, sql`${NAME_NP} ilike ${like}`, sql`a.receipt_code = ${text.toUpperCase()}`];
  if (/^\d{1,15}$/.test(text)) conditions.push(sql`rn.roll_number = ${Number(text)}`, sql`u.master_id = ${Number(text)}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export async function listApplicationForms(db: Database, filter: ApplicationFormFilter): Promise<{ items: ApplicationFormRow[]; total: number }> {
  const conditions = [sql`a.deleted_at is null`, sql`a.payment_state = 'paid'`];
  if (filter.advertisementId !== undefined) conditions.push(sql`a.advertisement_id = ${filter.advertisementId}`);
  if (filter.search) conditions.push(searchCondition(filter.search));
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select a.id as "applicationId", ad.code as "advertisementCode", rn.roll_number::text as "rollNumber", ${NAME_EN} as "nameEn", ${NAME_NP} as "nameNp",
        u.master_id as "masterId", a.receipt_code as "receiptCode", count(*) over () as total
      from applications a
      join advertisements ad on ad.id = a.advertisement_id
      join users u on u.id = a.user_id
      left join roll_numbers rn on rn.application_id = a.id
      where ${sql.join(conditions, sql` and `)}
      order by a.advertisement_id desc, rn.roll_number nulls last, a.id
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`),
  );
  return {
    items: rows.map((row) => ({
      applicationId: Number(row.applicationId),
      advertisementCode: String(row.advertisementCode),
      rollNumber: row.rollNumber === null ? null : String(row.rollNumber),
      nameEn: String(row.nameEn),
      nameNp: row.nameNp === null ? null : String(row.nameNp),
      masterId: row.masterId === null ? null : Number(row.masterId),
      receiptCode: String(row.receiptCode),
    })),
    // A page past the end has no row to carry the count: count again only then.
    total: rows.length > 0 ? Number(rows[0]!.total) : filter.page === 1 ? 0 : await countApplicationForms(db, conditions),
  };
}

async function countApplicationForms(db: Database, conditions: SQL[]): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`
      select count(*)::int as total from applications a join users u on u.id = a.user_id left join roll_numbers rn on rn.application_id = a.id
      where ${sql.join(conditions, sql` and `)}`),
  );
  return Number(row?.total ?? 0);
}

/** The form's own headings and words, beside the profile's field labels (core profile-labels). */
const FORM_LABELS = {
  ne: {
    personal: 'व्यक्तिगत विवरण',
    contact: 'सम्पर्क',
    quotas: 'दरखास्त दिएको समूह',
    examCentre: 'परीक्षा केन्द्र',
    payment: 'दस्तुर भुक्तानी',
    amount: 'रकम',
    method: 'भुक्तानीको माध्यम',
    paidOn: 'भुक्तानी मिति',
    status: 'अवस्था',
    paid: 'भुक्तानी भएको',
    education: 'शैक्षिक योग्यता',
    training: 'तालिम',
    governmentExperience: 'सरकारी सेवाको अनुभव',
    nonGovernmentExperience: 'गैरसरकारी अनुभव',
    yes: 'हो',
    no: 'होइन',
    methods: { online: 'अनलाइन', voucher: 'बैंक भौचर', ebp: 'बैंक (EBP)' } as Record<string, string>,
    quotaStatus: { pending: 'जाँच हुन बाँकी', approved: 'स्वीकृत', rejected: 'अस्वीकृत', hold: 'रोकिएको' } as Record<string, string>,
  },
  en: {
    personal: 'Personal details',
    contact: 'Contact',
    quotas: 'Quotas applied for',
    examCentre: 'Exam centre',
    payment: 'Fee payment',
    amount: 'Amount',
    method: 'Paid by',
    paidOn: 'Paid on',
    status: 'Status',
    paid: 'Paid',
    education: 'Education',
    training: 'Training',
    governmentExperience: 'Government experience',
    nonGovernmentExperience: 'Non-government experience',
    yes: 'Yes',
    no: 'No',
    methods: { online: 'Online', voucher: 'Bank voucher', ebp: 'Bank (EBP)' } as Record<string, string>,
    quotaStatus: { pending: 'Not yet checked', approved: 'Approved', rejected: 'Rejected', hold: 'On hold' } as Record<string, string>,
  },
} satisfies Record<Language, object>;

const PROFILE_LABELS: Record<Language, Record<string, string>> = { en: profileLabelsEn, ne: profileLabelsNe };

/** A date in both calendars, B.S. first (spec §1), digits in the document's language. */
function bothCalendars(ad: string | null | undefined, lang: Language): string {
  if (!ad) return '';
  const day = ad.slice(0, 10);
  return `${formatBsDate(formatBsIso(adToBs(day)), lang)} (${formatAdDate(day, lang)})`;
}

type Head = {
  userId: number;
  advertisementCode: string;
  fiscalYear: string;
  officeEn: string;
  officeNp: string;
  postEn: string | null;
  postNp: string | null;
  receiptCode: string;
  submittedOnAd: string;
  rollNumber: string | null;
  nameEn: string;
  nameNp: string | null;
  masterId: number | null;
  centreEn: string;
  centreNp: string;
  photoSha256: string | null;
  photoType: string | null;
  signatureSha256: string | null;
  signatureType: string | null;
};

type Named = { nameEn: string; nameNp: string };

/** The names of the profile's reference ids (addresses, caste, religion, mother tongue) in one statement. */
async function readProfileNames(db: Database, userId: number) {
  const [row] = rowsOf<Record<string, Record<string, Named> | Named | null>>(
    await db.execute(sql`
      select
        (select coalesce(json_object_agg(ca.kind, json_build_object(
            'province', json_build_object('nameEn', p.name_en, 'nameNp', p.name_np),
            'district', json_build_object('nameEn', d.name_en, 'nameNp', d.name_np),
            'localLevel', json_build_object('nameEn', l.name_en, 'nameNp', l.name_np))), '{}'::json)
          from candidate_addresses ca join provinces p on p.id = ca.province_id join districts d on d.id = ca.district_id join local_levels l on l.id = ca.local_level_id
          where ca.user_id = ${userId}) as addresses,
        (select json_build_object('nameEn', c.name_en, 'nameNp', c.name_np) from candidate_extra_details x join castes c on c.id = x.caste_id where x.user_id = ${userId}) as caste,
        (select json_build_object('nameEn', r.name_en, 'nameNp', r.name_np) from candidate_extra_details x join religions r on r.id = x.religion_id where x.user_id = ${userId}) as religion,
        (select json_build_object('nameEn', m.name_en, 'nameNp', m.name_np) from candidate_extra_details x join mother_tongues m on m.id = x.mother_tongue_id where x.user_id = ${userId}) as "motherTongue",
        (select json_build_object('nameEn', d.name_en, 'nameNp', d.name_np) from candidate_profiles cp join districts d on d.id = cp.citizenship_issue_district_id where cp.user_id = ${userId}) as "citizenshipDistrict"`),
  );
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  return {
    addresses: parse<Record<string, { province: Named; district: Named; localLevel: Named }>>(row?.addresses ?? {}),
    caste: parse<Named | null>(row?.caste ?? null),
    religion: parse<Named | null>(row?.religion ?? null),
    motherTongue: parse<Named | null>(row?.motherTongue ?? null),
    citizenshipDistrict: parse<Named | null>(row?.citizenshipDistrict ?? null),
  };
}

/** One application's filled form in the document's language, its pictures embedded; 404 when there is none to print. */
export async function readApplicationForm(deps: AppDeps, applicationId: number, lang: Language): Promise<ApplicationFormData> {
  const { db } = deps;
  const [head] = rowsOf<Head>(
    await db.execute(sql`
      select a.user_id as "userId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", o.name_en as "officeEn", o.name_np as "officeNp",
        p.name_en as "postEn", p.name_np as "postNp", a.receipt_code as "receiptCode",
        to_char(a.submitted_at at time zone 'Asia/Kathmandu', 'YYYY-MM-DD') as "submittedOnAd", rn.roll_number::text as "rollNumber",
        ${NAME_EN} as "nameEn", ${NAME_NP} as "nameNp", u.master_id as "masterId", ec.name_en as "centreEn", ec.name_np as "centreNp",
        ph.sha256 as "photoSha256", ph.content_type as "photoType", sg.sha256 as "signatureSha256", sg.content_type as "signatureType"
      from applications a
      join advertisements ad on ad.id = a.advertisement_id
      join organizations o on o.id = ad.organization_id
      left join posts p on p.id = ad.post_id
      join users u on u.id = a.user_id
      join exam_centres ec on ec.id = a.exam_centre_id
      left join roll_numbers rn on rn.application_id = a.id
      left join candidate_documents dp on dp.user_id = a.user_id and dp.kind = 'photograph'
      left join stored_files ph on ph.id = dp.file_id
      left join candidate_documents ds on ds.user_id = a.user_id and ds.kind = 'signature'
      left join stored_files sg on sg.id = ds.file_id
      where a.id = ${applicationId} and a.deleted_at is null and a.payment_state = 'paid'`),
  );
  if (!head) throw new AppError('NOT_FOUND');
  const userId = Number(head.userId);
  const storage = getFileStorage(deps);
  const [profile, names, quotas, payments, educationNames, photo, signature] = await Promise.all([
    getProfile(profileDepsOf(deps), { userId }),
    readProfileNames(db, userId),
    readClaimedQuotas(db, applicationId),
    readApplicationPayments(db, applicationId, userId),
    readEducationNames(db, userId),
    pictureDataUrl(storage, head.photoSha256 ? { sha256: head.photoSha256, contentType: String(head.photoType) } : null),
    pictureDataUrl(storage, head.signatureSha256 ? { sha256: head.signatureSha256, contentType: String(head.signatureType) } : null),
  ]);

  const words = FORM_LABELS[lang];
  const profileLabels = PROFILE_LABELS[lang];
  const label = (key: ProfileLabelKey) => profileLabels[key] ?? key;
  const option = (group: ProfileOptionGroup, value: string | null | undefined) => (value ? (profileLabels[profileOptionKey(group, value)] ?? value) : '');
  const named = (value: Named | null | undefined) => (value ? (lang === 'ne' ? value.nameNp : value.nameEn) : '');
  const digits = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : formatDigits(String(value), lang));
  const field = (labelText: string, value: string): FormField => ({ label: labelText, value });
  const filled = (fields: FormField[]) => fields.filter((one) => one.value.trim() !== '');

  const person = profile.personal;
  const extra = profile.extra;
  const personal = filled([
    field(label('profileForm.field.nameEn'), head.nameEn),
    field(label('profileForm.field.nameNp'), head.nameNp ?? ''),
    field(label('profileForm.field.masterId'), digits(head.masterId)),
    field(label('profileForm.field.gender'), option('gender', person.gender)),
    field(label('profileForm.field.dateOfBirth'), bothCalendars(person.dateOfBirthAd, lang)),
    field(label('profileForm.field.citizenshipNumber'), digits(person.citizenshipNumber)),
    field(label('profileForm.field.citizenshipIssueDistrict'), named(names.citizenshipDistrict)),
    field(label('profileForm.field.citizenshipIssueDate'), bothCalendars(person.citizenshipIssueDateAd, lang)),
    field(label('profileForm.field.nationalId'), digits(person.nationalId)),
    field(label('profileForm.field.fathersName'), person.fathersName ?? ''),
    field(label('profileForm.field.mothersName'), person.mothersName ?? ''),
    field(label('profileForm.field.grandFathersName'), person.grandFathersName ?? ''),
    field(label('profileForm.field.husbandWifeName'), person.husbandWifeName ?? ''),
    field(label('profileForm.field.maritalStatus'), option('maritalStatus', extra?.maritalStatus)),
    field(label('profileForm.field.employmentStatus'), option('employmentStatus', extra?.employmentStatus)),
    field(label('profileForm.field.caste'), named(names.caste) || (extra?.casteOther ?? '')),
    field(label('profileForm.field.religion'), named(names.religion) || (extra?.religionOther ?? '')),
    field(label('profileForm.field.motherTongue'), named(names.motherTongue) || (extra?.motherTongueOther ?? '')),
    field(label('profileForm.field.physicallyDisabled'), extra ? (extra.physicallyDisabled ? words.yes : words.no) : ''),
    field(label('profileForm.field.area'), option('area', extra?.area)),
    field(label('profileForm.inclusiveGroups'), profile.inclusiveGroups.map((group) => option('inclusiveGroup', group.groupCode)).join(', ')),
  ]);

  const addressSection = (kind: 'permanent' | 'mailing') => {
    const address = profile.addresses[kind];
    const place = names.addresses[kind];
    if (!address || !place) return null;
    return {
      title: label(kind === 'permanent' ? 'profileForm.address.permanent' : 'profileForm.address.mailing'),
      fields: filled([
        field(label('profileForm.field.province'), named(place.province)),
        field(label('profileForm.field.district'), named(place.district)),
        field(label('profileForm.field.localLevel'), named(place.localLevel)),
        field(label('profileForm.field.wardNo'), digits(address.wardNo)),
        field(label('profileForm.field.tole'), address.tole ?? ''),
        field(label('profileForm.field.marga'), address.marga ?? ''),
        field(label('profileForm.field.gharNo'), address.gharNo ?? ''),
        field(label('profileForm.field.address'), address.address ?? ''),
      ]),
    };
  };
  const permanent = profile.addresses.permanent;
  const contact = filled([
    field(label('profileForm.field.mobile'), digits(person.mobile)),
    field(label('profileForm.field.email'), person.email ?? ''),
    field(label('profileForm.field.phoneNo'), digits(permanent?.phoneNo)),
  ]);
  const quotaFields = [
    ...quotas.map((quota) => field(lang === 'ne' ? quota.nameNp : quota.nameEn, words.quotaStatus[quota.status] ?? quota.status)),
    field(words.examCentre, lang === 'ne' ? head.centreNp : head.centreEn),
  ];
  // Every payment that counts toward the application (its fee, a double fee, an added quota).
  const lastPayment = payments[payments.length - 1];
  const paymentFields = filled([
    field(words.status, words.paid),
    field(words.amount, payments.length > 0 ? formatMoney(payments.reduce((sum, payment) => sum + Number(payment.amount), 0), lang) : ''),
    field(words.method, [...new Set(payments.map((payment) => words.methods[payment.method] ?? payment.method))].join(', ')),
    field(words.paidOn, lastPayment ? bothCalendars(lastPayment.paidOn ?? lastPayment.verifiedAt ?? lastPayment.createdAt, lang) : ''),
  ]);

  const educationName = new Map(educationNames.map((row) => [Number(row.id), row]));
  const nameIn = (row: { levelNameEn: string; levelNameNp: string } | undefined, part: 'level' | 'faculty' | 'university') =>
    row ? String(row[`${part}Name${lang === 'ne' ? 'Np' : 'En'}` as keyof typeof row]) : '';
  const period = (from: string | null, to: string | null) => `${bothCalendars(from, lang)} – ${to ? bothCalendars(to, lang) : label('profileForm.untilNow')}`;
  const today = todayAd();

  return {
    commission: { ...COMMISSION_NAME },
    office: { en: head.officeEn, np: head.officeNp },
    advertisementCode: head.advertisementCode,
    fiscalYear: head.fiscalYear,
    post: { en: head.postEn ?? '', np: head.postNp ?? '' },
    receiptCode: head.receiptCode,
    appliedOnAd: head.submittedOnAd,
    appliedOnBs: formatBsIso(adToBs(head.submittedOnAd)),
    rollNumber: head.rollNumber,
    candidate: { name: { en: head.nameEn, np: head.nameNp ?? '' }, photo, signature },
    sections: [
      { title: words.personal, fields: personal },
      ...[addressSection('permanent'), addressSection('mailing')].filter((section) => section !== null),
      { title: words.contact, fields: contact },
      { title: words.quotas, fields: quotaFields },
      { title: words.payment, fields: paymentFields },
    ],
    tables: [
      {
        title: words.education,
        columns: [label('profileForm.field.level'), label('profileForm.field.faculty'), label('profileForm.field.university'), label('profileForm.field.majorSubject'), label('profileForm.field.score'), label('profileForm.field.division'), label('profileForm.field.passedDate')],
        rows: profile.educations.map((education) => {
          const row = educationName.get(Number(education.id));
          return [
            nameIn(row, 'level'),
            nameIn(row, 'faculty'),
            nameIn(row, 'university'),
            education.majorSubject,
            `${digits(education.score.toFixed(2))}${education.scoreType === 'percentage' ? '%' : ` ${option('scoreType', education.scoreType)}`}`,
            option('division', education.division),
            bothCalendars(education.passedDateAd, lang),
          ];
        }),
      },
      {
        title: words.training,
        columns: [label('profileForm.field.trainingName'), label('profileForm.field.instituteName'), label('profileForm.field.period'), label('profileForm.field.percentage'), label('profileForm.field.division')],
        rows: profile.trainings.map((training) => [
          training.trainingName,
          training.instituteName,
          period(training.trainingFromAd, training.trainingToAd),
          `${digits(training.percentage.toFixed(2))}%`,
          option('division', training.division),
        ]),
      },
      {
        title: words.governmentExperience,
        columns: [label('profileForm.field.institutionName'), label('profileForm.field.post'), label('profileForm.field.service'), label('profileForm.field.period'), label('profileForm.field.employmentStatusGov')],
        rows: profile.governmentExperiences.map((job) => [
          job.institutionName,
          job.post,
          [job.service, job.group, job.subGroup].filter(Boolean).join(', '),
          period(job.employmentFromAd, job.employmentToAd),
          option('governmentEmploymentStatus', job.employmentStatus),
        ]),
      },
      {
        title: words.nonGovernmentExperience,
        columns: [label('profileForm.field.institutionName'), label('profileForm.field.post'), label('profileForm.field.period'), label('profileForm.field.employmentType')],
        rows: profile.nonGovernmentExperiences.map((job) => [job.institutionName, job.post, period(job.employmentFromAd, job.employmentToAd), option('employmentType', job.employmentType)]),
      },
    ],
    printedOnAd: today,
    printedOnBs: formatBsIso(adToBs(today)),
  };
}
