import {
  applicationStatusOfQuotas,
  scrutinyReason,
  scrutinyStatusOfQuotas,
  translate,
  type QuotaDecisionStatus,
  type ScrutinyDecisionInput,
  type ScrutinyStatus,
} from '@psc/core';
import { schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { HOLDER_NAME, heldBy } from './scrutiny-holder';
import { assertApplicationScrutinyOpen } from './scrutiny-open';

// Scrutiny decisions [SC update] (spec §4 "Scrutiny and pre-review status"): approve, hold, reject
// or revert an application allocated to the calling officer, as a whole or one claimed quota at a
// time. One transaction locks the allocation row (select ... for update), so two decisions on one
// application run one after the other; each names the allocation's version it was made on, and
// the second, made on a view the first has changed, is refused and told the present status.

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

type LockedAllocation = {
  officerUserId: number;
  status: ScrutinyStatus;
  version: number;
  userId: number;
  applicationStatus: string;
  receiptCode: string;
  advertisementCode: string;
  email: string;
  mobile: string | null;
  holderName: string;
};

type ClaimedQuota = { advertisementQuotaId: number; status: QuotaDecisionStatus; code: string };

const FINAL_STATUSES = new Set(['approved', 'partially-approved', 'rejected']);

/** The remark in both languages: the standard reason's text, the typed remark, or both. */
function remarkTexts(input: ScrutinyDecisionInput) {
  const reason = input.reasonCode === undefined ? undefined : scrutinyReason(input.reasonCode);
  const join = (standard: string | undefined) => [standard, input.remark].filter(Boolean).join(': ');
  return { en: join(reason?.en), np: join(reason?.np) };
}

export async function decideScrutiny(db: Database, applicationId: number, input: ScrutinyDecisionInput, actor: Actor, now: Date = new Date()) {
  // Raw statements take the moment as text: postgres.js does not bind a Date there.
  return db.transaction(async (tx) => {
    // spec §4: a finalised scrutiny changes only after an audited reopen.
    await assertApplicationScrutinyOpen(tx, applicationId);
    const [allocation] = rowsOf<LockedAllocation>(
      await tx.execute(sql`
        select s.officer_user_id as "officerUserId", s.status, s.version, a.user_id as "userId", a.status as "applicationStatus",
          a.receipt_code as "receiptCode", ad.code as "advertisementCode", u.email, u.mobile, ${HOLDER_NAME} as "holderName"
        from scrutiny_allocations s
        join applications a on a.id = s.application_id and a.deleted_at is null
        join advertisements ad on ad.id = a.advertisement_id
        join users u on u.id = a.user_id
        join users o on o.id = s.officer_user_id
        where s.application_id = ${applicationId}
        for update of s`),
    );
    if (!allocation) throw new AppError('NOT_FOUND');
    // spec §4: an officer decides only what is allocated to them, and is told who holds it.
    if (Number(allocation.officerUserId) !== actor.actorUserId) throw heldBy(allocation.holderName);
    if (Number(allocation.version) !== input.version) {
      throw new AppError('CONFLICT', { messageKey: 'scrutiny.changedMeanwhile' });
    }

    const quotas = rowsOf<ClaimedQuota>(
      await tx.execute(sql`
        select aq.advertisement_quota_id as "advertisementQuotaId", aq.status, q.code
        from application_quotas aq
        join advertisement_quotas adq on adq.id = aq.advertisement_quota_id
        join quotas q on q.id = adq.quota_id
        where aq.application_id = ${applicationId}
        order by aq.advertisement_quota_id`),
    );
    const target = input.advertisementQuotaId;
    const chosen = target === undefined ? quotas : quotas.filter((quota) => quota.advertisementQuotaId === target);
    if (target !== undefined && chosen.length === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutiny.quotaNotClaimed' });

    const quotaStatus: Record<typeof input.decision, QuotaDecisionStatus | null> = { approve: 'approved', reject: 'rejected', revert: 'pending', hold: null };
    const next = quotaStatus[input.decision];
    const after = quotas.map((quota) => (next !== null && chosen.includes(quota) ? { ...quota, status: next } : quota));
    // An application claiming no quota row is decided as a whole, as if it claimed one.
    const decisions = after.length > 0 ? after.map((quota) => quota.status) : next === null ? [] : [next];
    const status: ScrutinyStatus =
      input.decision === 'hold' ? 'hold' : input.decision === 'revert' && target === undefined ? 'pending' : scrutinyStatusOfQuotas(decisions, allocation.status);
    const applicationStatus = applicationStatusOfQuotas(decisions);

    if (next !== null && chosen.length > 0) {
      const ids = chosen.map((quota) => quota.advertisementQuotaId);
      await tx.execute(sql`
        update application_quotas set status = ${next}
        where application_id = ${applicationId} and advertisement_quota_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    }
    await tx.execute(sql`
      update scrutiny_allocations
      set status = ${status}, version = version + 1, status_changed_at = case when status = ${status} then status_changed_at else ${now.toISOString()}::timestamptz end
      where application_id = ${applicationId}`);
    if (applicationStatus !== allocation.applicationStatus) {
      await tx.execute(sql`update applications set status = ${applicationStatus}, updated_at = ${now.toISOString()}::timestamptz where id = ${applicationId}`);
    }

    const [decision] = await tx
      .insert(schema.scrutinyDecisions)
      .values({
        applicationId,
        advertisementQuotaId: target ?? null,
        decision: input.decision,
        reasonCode: input.reasonCode ?? null,
        remark: input.remark ?? null,
        officerUserId: actor.actorUserId,
        at: now,
      })
      .returning({ id: schema.scrutinyDecisions.id });

    // The candidate's timeline names the Commission, never the officer (spec §4).
    const remark = remarkTexts(input);
    const kind = target === undefined ? `scrutiny-${input.decision}` : `scrutiny-quota-${input.decision}`;
    const quotaCodes = chosen.map((quota) => quota.code).join(',');
    await tx.insert(schema.applicationEvents).values({
      applicationId,
      kind,
      detail: {
        messageKey: `application.event.${kind}`,
        params: { quotas: quotaCodes, remark: remark.en },
        paramsNp: { quotas: quotaCodes, remark: remark.np },
      },
      actorUserId: actor.actorUserId,
      at: now,
    });

    // spec §4: the candidate hears of the outcome once the application is decided, by SMS and e-mail.
    const decided = applicationStatus !== allocation.applicationStatus && FINAL_STATUSES.has(applicationStatus);
    if (decided) {
      const params = { receiptCode: allocation.receiptCode, advertisement: allocation.advertisementCode };
      const noticeKey = `scrutiny.notice.${applicationStatus as 'approved' | 'partially-approved' | 'rejected'}` as const;
      const body = `${translate('ne', noticeKey, params)}\n${translate('en', noticeKey, params)}`;
      await tx.insert(schema.mailOutbox).values({
        toAddress: allocation.email,
        subject: `${translate('ne', 'scrutiny.notice.subject', params)} / ${translate('en', 'scrutiny.notice.subject', params)}`,
        bodyText: body,
        kind: 'application-decided',
        userId: allocation.userId,
      });
      if (allocation.mobile) await tx.insert(schema.smsOutbox).values({ toNumber: allocation.mobile, body, kind: 'application-decided', userId: allocation.userId });
    }

    const result = { applicationId, decisionId: decision!.id, status, version: Number(allocation.version) + 1, applicationStatus, quotas: after, notified: decided };
    await recordAudit(tx, {
      ...actor,
      action: `scrutiny-${input.decision}`,
      entity: 'scrutiny_allocations',
      entityId: applicationId,
      before: { status: allocation.status, applicationStatus: allocation.applicationStatus, quotas },
      after: { status, applicationStatus, quotas: after, advertisementQuotaId: target ?? null, reasonCode: input.reasonCode ?? null, remark: input.remark ?? null },
    });
    return result;
  });
}
