import { schema, type Database } from '@psc/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { listPromotions } from '../promotions/promotions';
import { createReceiptCode } from './receipt-code';
import { rowsOf } from './rows-of';

const { promotions, promotionApplications, charges } = schema;

type Reader = Pick<Database, 'select'>;

/** spec §2 /promotion/vacancy: live promotions, each with the candidate's application to it if any. */
export async function listLivePromotions(db: Reader, userId: number, query: { search?: string | undefined; page: number; pageSize: number }) {
  const page = await listPromotions(db, { ...query, status: 'live' });
  const ids = page.items.map((item) => item.id);
  const mine =
    ids.length === 0
      ? []
      : await db
          .select({ id: promotionApplications.id, promotionId: promotionApplications.promotionId, receiptCode: promotionApplications.receiptCode, status: promotionApplications.status, paymentState: promotionApplications.paymentState })
          .from(promotionApplications)
          .where(and(eq(promotionApplications.userId, userId), inArray(promotionApplications.promotionId, ids)));
  const items = page.items.map((item) => ({
    id: item.id,
    fiscalYear: item.fiscalYear,
    promotionTypeNameEn: item.promotionTypeNameEn,
    promotionTypeNameNp: item.promotionTypeNameNp,
    serviceNameEn: item.serviceNameEn,
    serviceNameNp: item.serviceNameNp,
    groupNameEn: item.groupNameEn,
    groupNameNp: item.groupNameNp,
    classNameEn: item.classNameEn,
    classNameNp: item.classNameNp,
    postNameEn: item.postNameEn,
    postNameNp: item.postNameNp,
    vacancies: item.vacancies,
    area: item.area,
    fee: item.fee,
    decisionNo: item.decisionNo,
    decisionDate: item.decisionDate,
    myApplication: mine.find((row) => row.promotionId === item.id) ?? null,
  }));
  return { items, total: page.total };
}

/**
 * spec §2 /promotion/vacancy/apply/{id}: one application per candidate and promotion (unique
 * index; a repeated request answers the one there), with a charge of the promotion's fee, in one
 * statement. Paying it is /promotion-voucher-upload/{id} (payments).
 */
export async function applyForPromotion(db: Database, userId: number, promotionId: number) {
  const [promotion] = await db.select({ id: promotions.id, status: promotions.status, fee: promotions.fee }).from(promotions).where(eq(promotions.id, promotionId)).limit(1);
  if (!promotion) throw new AppError('NOT_FOUND');
  if (promotion.status !== 'live') throw new AppError('CONFLICT', { messageKey: 'application.promotionNotLive' });
  const isFree = promotion.fee === 0;
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      with application as (
        insert into promotion_applications (user_id, promotion_id, receipt_code, payment_state)
        values (${userId}, ${promotionId}, ${createReceiptCode()}, ${isFree ? 'paid' : 'unpaid'})
        on conflict do nothing
        returning id
      ), charge as (
        insert into charges (promotion_application_id, purpose, amount, status, paid_at)
        select id, 'promotion', ${promotion.fee}::int, ${isFree ? 'paid' : 'due'}::text, ${isFree ? sql`now()` : sql`null::timestamptz`} from application
      )
      select id from application`),
  );
  const [application] = await db
    .select({ id: promotionApplications.id, promotionId: promotionApplications.promotionId, receiptCode: promotionApplications.receiptCode, status: promotionApplications.status, paymentState: promotionApplications.paymentState, submittedAt: promotionApplications.submittedAt })
    .from(promotionApplications)
    .where(and(eq(promotionApplications.userId, userId), eq(promotionApplications.promotionId, promotionId)))
    .limit(1);
  const chargeRows = await db
    .select({ id: charges.id, purpose: charges.purpose, amount: charges.amount, status: charges.status })
    .from(charges)
    .where(eq(charges.promotionApplicationId, application!.id))
    .orderBy(charges.id);
  return { created: inserted.length > 0, application: application!, charges: chargeRows };
}
