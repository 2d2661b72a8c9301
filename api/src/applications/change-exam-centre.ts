import { todayAd, type Language } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from './rows-of';
import { AppError } from '../http/errors';
import { FieldErrors } from '../profile/profile-errors';
import { findMyApplication, lockMyApplication } from './find-my-application';
import { loadApplyAdvertisement, offersExamCentre } from './load-apply-context';

const { applications, applicationEvents, examCentres } = schema;

/**
 * Once a sitting's centre allocation is final the candidate has a seat at a centre of the city
 * they chose (spec §4 "Exam centre assignment"): moving them would leave the seat empty and the
 * admit card wrong, so the change is refused with that reason, naming the centre, whatever the
 * application's state.
 */
async function refuseWhenSeated(db: Database, applicationId: number, language: Language) {
  const [seated] = rowsOf<{ nameEn: string; nameNp: string }>(
    await db.execute(sql`
      select v.name_en as "nameEn", v.name_np as "nameNp" from seat_assignments s
      join centre_allocations a on a.id = s.allocation_id and a.status in ('final', 'complete')
      join exam_venues v on v.id = s.venue_id
      where s.application_id = ${applicationId} limit 1`),
  );
  if (seated) throw new AppError('CONFLICT', { messageKey: 'application.examCentreSeated', messageParams: { centre: language === 'ne' ? seated.nameNp : seated.nameEn } });
}

/**
 * spec §1 "change exam centre": while the application is pending (not yet decided) and until the
 * last date for submission, to another of the advertisement's centres; the timeline says from
 * which to which.
 */
export async function changeExamCentre(db: Database, userId: number, applicationId: number, examCentreId: number, language: Language = 'en', now: Date = new Date()) {
  const current = await findMyApplication(db, userId, applicationId);
  await refuseWhenSeated(db, applicationId, language);
  const advertisement = await loadApplyAdvertisement(db, current.advertisementId);
  const today = todayAd(now);
  const isOpen = (application: { status: string }) =>
    application.status === 'pending' && advertisement?.lastDateForSubmission != null && today <= advertisement.lastDateForSubmission;
  if (!isOpen(current)) throw new AppError('CONFLICT', { messageKey: 'application.examCentreChangeClosed' });
  if (!offersExamCentre(advertisement!, examCentreId)) throw new FieldErrors({ examCentreId: ['application.examCentreInvalid'] });
  const names = await db.select({ id: examCentres.id, nameEn: examCentres.nameEn, nameNp: examCentres.nameNp }).from(examCentres).where(inArray(examCentres.id, [current.examCentreId, examCentreId]));
  return db.transaction(async (tx) => {
    const application = await lockMyApplication(tx, userId, applicationId);
    if (!isOpen(application)) throw new AppError('CONFLICT', { messageKey: 'application.examCentreChangeClosed' });
    if (application.examCentreId === examCentreId) return { applicationId, examCentreId, changed: false };
    await tx.update(applications).set({ examCentreId, updatedAt: now }).where(eq(applications.id, applicationId));
    const nameOf = (id: number, language: 'nameEn' | 'nameNp') => names.find((row) => row.id === id)?.[language] ?? String(id);
    const paramsIn = (language: 'nameEn' | 'nameNp') => ({ from: nameOf(application.examCentreId, language), to: nameOf(examCentreId, language) });
    await tx.insert(applicationEvents).values({
      applicationId,
      kind: 'exam-centre-changed',
      detail: {
        messageKey: 'application.event.exam-centre-changed',
        params: paramsIn('nameEn'),
        paramsNp: paramsIn('nameNp'),
        fromExamCentreId: application.examCentreId,
        toExamCentreId: examCentreId,
      },
      actorUserId: userId,
    });
    return { applicationId, examCentreId, changed: true };
  });
}
