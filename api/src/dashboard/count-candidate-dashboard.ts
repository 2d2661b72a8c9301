import { schema, type Database } from '@psc/db';
import { and, countDistinct, eq, gt, isNull } from 'drizzle-orm';
import { computeCompleteness } from '../profile/compute-completeness';

export type DashboardCounter = { key: string; value: number };

/**
 * Counts what the candidate's dashboard shows, from the tables that exist. Each later domain
 * (applications, admit cards, vacancies, profile sections) adds its counter here.
 */
export async function countCandidateDashboard(db: Database, userId: number): Promise<DashboardCounter[]> {
  const { refreshTokens } = schema;
  const [sessions] = await db
    .select({ value: countDistinct(refreshTokens.familyId) })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, new Date())));
  const completeness = await computeCompleteness(db, userId);
  return [
    { key: 'activeSessions', value: Number(sessions?.value ?? 0) },
    // Spec §9: "x of 8" profile sections.
    { key: 'profileSectionsCompleted', value: completeness.completed },
  ];
}
