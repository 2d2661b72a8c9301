import {
  applicationStatusOfQuotas,
  scrutinyReason,
  scrutinyStatusOfQuotas,
  type QuotaDecisionStatus,
  type ScrutinyDecision,
  type ScrutinyReasonCode,
  type ScrutinyStatus,
} from '@psc/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../connect';
import { advertisementQuotas, applicationEvents, applicationQuotas, applications, quotas, scrutinyAllocations, scrutinyDecisions } from '../schema/index';

// STYLE §7: a scrutiny decision written straight into the tables as the officer's decision
// (api decideScrutiny, spec §4 "Scrutiny and pre-review status") leaves them: the claimed quotas'
// outcome, the allocation's status and version, the application's status by core's one rule,
// the decisions history and the candidate's timeline line (which names the Commission, never the
// officer). The demo's scrutiny stage decides its applications with it; seeds cannot call the API.

export type SeedScrutinyDecision = {
  applicationId: number;
  officerUserId: number;
  decision: ScrutinyDecision;
  /** The claimed quota decided, by its code; the whole application when absent. */
  quotaCode?: string;
  reasonCode?: ScrutinyReasonCode;
  at: Date;
};

export async function seedScrutinyDecision(db: Database, input: SeedScrutinyDecision): Promise<void> {
  await db.transaction(async (tx) => {
    const [allocation] = await tx
      .select({ status: scrutinyAllocations.status })
      .from(scrutinyAllocations)
      .where(eq(scrutinyAllocations.applicationId, input.applicationId));
    if (!allocation) throw new Error(`application ${input.applicationId} is not allocated`);
    const claimed = await tx
      .select({ advertisementQuotaId: applicationQuotas.advertisementQuotaId, status: applicationQuotas.status, code: quotas.code })
      .from(applicationQuotas)
      .innerJoin(advertisementQuotas, eq(advertisementQuotas.id, applicationQuotas.advertisementQuotaId))
      .innerJoin(quotas, eq(quotas.id, advertisementQuotas.quotaId))
      .where(eq(applicationQuotas.applicationId, input.applicationId))
      .orderBy(asc(applicationQuotas.advertisementQuotaId));
    const chosen = input.quotaCode === undefined ? claimed : claimed.filter((quota) => quota.code === input.quotaCode);
    if (chosen.length === 0) throw new Error(`application ${input.applicationId} does not claim ${input.quotaCode}`);

    const quotaStatus: Record<ScrutinyDecision, QuotaDecisionStatus | null> = { approve: 'approved', reject: 'rejected', revert: 'pending', hold: null };
    const next = quotaStatus[input.decision];
    const decisions = claimed.map((quota) => (next !== null && chosen.includes(quota) ? next : quota.status));
    const status: ScrutinyStatus =
      input.decision === 'hold' ? 'hold' : input.decision === 'revert' && input.quotaCode === undefined ? 'pending' : scrutinyStatusOfQuotas(decisions, allocation.status);

    if (next !== null) {
      const ids = chosen.map((quota) => quota.advertisementQuotaId);
      await tx
        .update(applicationQuotas)
        .set({ status: next })
        .where(and(eq(applicationQuotas.applicationId, input.applicationId), inArray(applicationQuotas.advertisementQuotaId, ids)));
    }
    await tx
      .update(scrutinyAllocations)
      .set({ status, version: sql`${scrutinyAllocations.version} + 1`, statusChangedAt: input.at })
      .where(eq(scrutinyAllocations.applicationId, input.applicationId));
    await tx.update(applications).set({ status: applicationStatusOfQuotas(decisions), updatedAt: input.at }).where(eq(applications.id, input.applicationId));
    const advertisementQuotaId = input.quotaCode === undefined ? null : chosen[0]!.advertisementQuotaId;
    await tx.insert(scrutinyDecisions).values({
      applicationId: input.applicationId,
      advertisementQuotaId,
      decision: input.decision,
      reasonCode: input.reasonCode ?? null,
      officerUserId: input.officerUserId,
      at: input.at,
    });
    const reason = input.reasonCode === undefined ? undefined : scrutinyReason(input.reasonCode);
    const kind = input.quotaCode === undefined ? `scrutiny-${input.decision}` : `scrutiny-quota-${input.decision}`;
    const quotaCodes = chosen.map((quota) => quota.code).join(',');
    await tx.insert(applicationEvents).values({
      applicationId: input.applicationId,
      kind,
      detail: { messageKey: `application.event.${kind}`, params: { quotas: quotaCodes, remark: reason?.en ?? '' }, paramsNp: { quotas: quotaCodes, remark: reason?.np ?? '' } },
      actorUserId: input.officerUserId,
      at: input.at,
    });
  });
}
