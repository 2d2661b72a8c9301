import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, eq, isNull, or, sql } from 'drizzle-orm';

const { users } = schema;

export const candidateColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  mobile: users.mobile,
  passwordHash: users.passwordHash,
  mustChangePassword: users.mustChangePassword,
  nameEn: userFullNameEn,
  nameNp: userFullNameNp,
};

export type CandidateAccount = {
  id: number;
  username: string;
  email: string;
  mobile: string | null;
  passwordHash: string;
  mustChangePassword: boolean;
  nameEn: string;
  nameNp: string | null;
};

/**
 * The active candidate account a user name or e-mail names, as the sign-in reads it. Staff
 * accounts and deactivated accounts are not found: the portal's account flows are not theirs.
 */
export async function findActiveCandidateByLogin(db: Database, login: string): Promise<CandidateAccount | undefined> {
  const key = login.trim().toLowerCase();
  const [user] = await db
    .select(candidateColumns)
    .from(users)
    .where(
      and(
        or(eq(sql`lower(${users.username})`, key), eq(sql`lower(${users.email})`, key)),
        eq(users.kind, 'candidate'),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return user;
}

export async function findCandidateById(db: Database, userId: number): Promise<CandidateAccount | undefined> {
  const [user] = await db.select(candidateColumns).from(users).where(and(eq(users.id, userId), eq(users.kind, 'candidate'))).limit(1);
  return user;
}
