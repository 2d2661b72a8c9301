import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';

const { users, roles, rolePermissions, modules } = schema;

export async function listUsers(
  db: Database,
  input: { page: number; pageSize: number; search?: string | undefined; kind?: 'candidate' | 'staff' | undefined },
) {
  const filters: SQL[] = [];
  if (input.kind) filters.push(eq(users.kind, input.kind));
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

export async function listRoles(db: Database) {
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      type: roles.type,
      moduleCode: modules.code,
      canRead: rolePermissions.canRead,
      canCreate: rolePermissions.canCreate,
      canUpdate: rolePermissions.canUpdate,
      canDelete: rolePermissions.canDelete,
      canApprove: rolePermissions.canApprove,
      canReject: rolePermissions.canReject,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(modules, eq(modules.id, rolePermissions.moduleId))
    .orderBy(asc(roles.name), asc(modules.code));
  const byRole = new Map<number, { id: number; name: string; description: string; type: string; permissions: { moduleCode: string; read: boolean; create: boolean; update: boolean; delete: boolean; approve: boolean; reject: boolean }[] }>();
  for (const row of rows) {
    const role = byRole.get(row.id) ?? { id: row.id, name: row.name, description: row.description, type: row.type, permissions: [] };
    byRole.set(row.id, role);
    if (row.moduleCode) {
      role.permissions.push({
        moduleCode: row.moduleCode,
        read: Boolean(row.canRead),
        create: Boolean(row.canCreate),
        update: Boolean(row.canUpdate),
        delete: Boolean(row.canDelete),
        approve: Boolean(row.canApprove),
        reject: Boolean(row.canReject),
      });
    }
  }
  return [...byRole.values()];
}

export function listModules(db: Database) {
  return db
    .select({ id: modules.id, code: modules.code, nameEn: modules.nameEn, nameNp: modules.nameNp, description: modules.description })
    .from(modules)
    .orderBy(asc(modules.code));
}
