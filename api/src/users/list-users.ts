import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, count, desc, eq, exists, ilike, or, type SQL } from 'drizzle-orm';

const { users, userRoles } = schema;

export async function listUsers(
  db: Database,
  input: { page: number; pageSize: number; search?: string | undefined; kind?: 'candidate' | 'staff' | undefined; roleId?: number | undefined },
) {
  const filters: SQL[] = [];
  if (input.kind) filters.push(eq(users.kind, input.kind));
  // spec §7 "users by role".
  if (input.roleId) {
    filters.push(exists(db.select({ one: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, input.roleId)))));
  }
  if (input.search) {
    // Escape LIKE wildcards so a search for "a_b" finds that text, not a pattern.
    const pattern = `%${input.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.mobile, pattern),
        ilike(userFullNameEn, pattern),
        ilike(userFullNameNp, pattern),
      ) as SQL,
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        masterId: users.masterId,
        kind: users.kind,
        username: users.username,
        email: users.email,
        mobile: users.mobile,
        fullNameEn: userFullNameEn,
        fullNameNp: userFullNameNp,
        isBlocked: users.isBlocked,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(({ createdAt, ...rest }) => ({ ...rest, createdAt: createdAt.toISOString() })),
    total: Number(total?.value ?? 0),
  };
}
