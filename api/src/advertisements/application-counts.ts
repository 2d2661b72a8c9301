import { APPLICATION_STATUSES, PAYMENT_STATES } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

// spec §2 advertisement/get-count/{id}: one advertisement's applications (not deleted) counted by
// status, by payment state, and per quota (claimed, approved, rejected), each in one grouped read.

export async function advertisementApplicationCounts(db: Database, advertisementId: number) {
  const [advertisement] = rowsOf<{ id: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null }>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp"
      from advertisements ad left join posts p on p.id = ad.post_id where ad.id = ${advertisementId}`),
  );
  if (!advertisement) throw new AppError('NOT_FOUND');
  const grouped = rowsOf<{ status: string; paymentState: string; count: number }>(
    await db.execute(sql`
      select a.status, a.payment_state as "paymentState", count(*)::int as count
      from applications a where a.advertisement_id = ${advertisementId} and a.deleted_at is null
      group by a.status, a.payment_state`),
  );
  const sum = (pick: (row: (typeof grouped)[number]) => boolean) => grouped.filter(pick).reduce((total, row) => total + Number(row.count), 0);
  const quotas = rowsOf<{ code: string; nameEn: string; nameNp: string; claimed: number; approved: number; rejected: number }>(
    await db.execute(sql`
      select q.code, q.name_en as "nameEn", q.name_np as "nameNp",
        count(aq.application_id)::int as claimed,
        count(aq.application_id) filter (where aq.status = 'approved')::int as approved,
        count(aq.application_id) filter (where aq.status = 'rejected')::int as rejected
      from advertisement_quotas adq
      join quotas q on q.id = adq.quota_id
      left join application_quotas aq on aq.advertisement_quota_id = adq.id
        and exists (select 1 from applications a where a.id = aq.application_id and a.deleted_at is null)
      where adq.advertisement_id = ${advertisementId}
      group by adq.id, q.code, q.name_en, q.name_np order by adq.id`),
  );
  return {
    advertisement: { ...advertisement, id: Number(advertisement.id) },
    total: sum(() => true),
    byStatus: APPLICATION_STATUSES.map((status) => ({ status, count: sum((row) => row.status === status) })),
    byPaymentState: PAYMENT_STATES.map((state) => ({ state, count: sum((row) => row.paymentState === state) })),
    byQuota: quotas.map((row) => ({ ...row, claimed: Number(row.claimed), approved: Number(row.approved), rejected: Number(row.rejected) })),
  };
}
