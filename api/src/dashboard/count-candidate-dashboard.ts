import { schema, type Database } from '@psc/db';
import { and, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import { listMyAdmitCards } from '../admit-cards/read-admit-cards';
import { rowsOf } from '../applications/rows-of';
import { listMyResults } from '../candidate-results/read-results';
import { computeCompleteness } from '../profile/compute-completeness';

export type DashboardCounter = { key: string; value: number };

/** Counts what the candidate's dashboard shows: applications, payments due, admit cards, results, profile, sessions. */
export async function countCandidateDashboard(db: Database, userId: number): Promise<DashboardCounter[]> {
  const { refreshTokens } = schema;
  const [sessions] = await db
    .select({ value: countDistinct(refreshTokens.familyId) })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, new Date())));
  const completeness = await computeCompleteness(db, userId);
  // Live applications, and the charges still owed on them (spec §2 "dashboard counters").
  const [owned] = rowsOf<{ applications: number; paymentsDue: number }>(
    await db.execute(sql`
      select count(*)::int as applications,
        (select count(*)::int from charges c join applications ca on ca.id = c.application_id
          where ca.user_id = ${userId} and ca.deleted_at is null and ca.status <> 'expired' and c.status = 'due') as "paymentsDue"
      from applications a where a.user_id = ${userId} and a.deleted_at is null and a.status <> 'expired'`),
  );
  // The admit cards and results the candidate's own pages list, counted by the same reads.
  const [admitCards, results] = await Promise.all([listMyAdmitCards(db, userId, false), listMyResults(db, userId)]);
  return [
    { key: 'applications', value: owned?.applications ?? 0 },
    { key: 'paymentsDue', value: owned?.paymentsDue ?? 0 },
    { key: 'admitCards', value: admitCards.items.length },
    { key: 'results', value: results.items.length },
    // Spec §9: "x of 8" profile sections.
    { key: 'profileSectionsCompleted', value: completeness.completed },
    { key: 'activeSessions', value: Number(sessions?.value ?? 0) },
  ];
}
