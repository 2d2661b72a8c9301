import { PERMISSION_ACTIONS, type PermissionAction } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { asc, count, eq, inArray, ne, and } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { findPostgresCode, UNIQUE_VIOLATION } from '../http/database-errors';
import type { Actor } from '../master/master-rows';

const { roles, rolePermissions, modules, userRoles } = schema;

type Reader = Pick<Database, 'select'>;

export type Permission = { moduleCode: string } & Record<PermissionAction, boolean>;
export type RoleValues = { name: string; description: string; type: string; permissions: Permission[] };

const FLAG_COLUMNS = {
  read: 'canRead',
  create: 'canCreate',
  update: 'canUpdate',
  delete: 'canDelete',
  approve: 'canApprove',
  reject: 'canReject',
} as const satisfies Record<PermissionAction, string>;

/** Roles with their per-module permissions (spec §2 rolelist), optionally only the given ones. */
export async function listRoles(db: Reader, only?: number[]) {
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
    .where(only ? inArray(roles.id, only) : undefined)
    .orderBy(asc(roles.name), asc(modules.code));
  const byRole = new Map<number, { id: number; name: string; description: string; type: string; permissions: Permission[] }>();
  for (const row of rows) {
    const role = byRole.get(row.id) ?? { id: row.id, name: row.name, description: row.description, type: row.type, permissions: [] };
    byRole.set(row.id, role);
    if (row.moduleCode) {
      const permission = { moduleCode: row.moduleCode } as Permission;
      for (const action of PERMISSION_ACTIONS) permission[action] = Boolean(row[FLAG_COLUMNS[action]]);
      role.permissions.push(permission);
    }
  }
  return [...byRole.values()];
}

export function listModules(db: Reader) {
  return db
    .select({ id: modules.id, code: modules.code, nameEn: modules.nameEn, nameNp: modules.nameNp, description: modules.description })
    .from(modules)
    .orderBy(asc(modules.code));
}

export async function getRole(db: Reader, id: number) {
  const [role] = await listRoles(db, [id]);
  if (!role) throw new AppError('NOT_FOUND');
  const [holders] = await db.select({ value: count() }).from(userRoles).where(eq(userRoles.roleId, id));
  return { ...role, userCount: Number(holders?.value ?? 0) };
}

async function writePermissions(tx: Database, roleId: number, permissions: Permission[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  // A module with no action ticked is simply not granted.
  const granted = permissions.filter((p) => PERMISSION_ACTIONS.some((action) => p[action]));
  if (granted.length === 0) return;
  const moduleRows = await tx.select({ id: modules.id, code: modules.code }).from(modules).where(inArray(modules.code, granted.map((p) => p.moduleCode)));
  const idByCode = new Map(moduleRows.map((m) => [m.code, m.id]));
  await tx.insert(rolePermissions).values(
    granted
      .filter((p) => idByCode.has(p.moduleCode))
      .map((p) => {
        const flags = Object.fromEntries(PERMISSION_ACTIONS.map((action) => [FLAG_COLUMNS[action], p[action]]));
        return { roleId, moduleId: idByCode.get(p.moduleCode)!, ...flags };
      }),
  );
}

async function assertNameFree(tx: Reader, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(exceptId ? and(eq(roles.name, name), ne(roles.id, exceptId)) : eq(roles.name, name))
    .limit(1);
  if (clash) throw new AppError('CONFLICT', { messageKey: 'admin.roleNameTaken' });
}

function translateRoleError(error: unknown): never {
  if (findPostgresCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'admin.roleNameTaken' });
  throw error;
}

export async function createRole(db: Database, values: RoleValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, values.name);
      const [created] = await tx.insert(roles).values({ name: values.name, description: values.description, type: values.type }).returning({ id: roles.id });
      await writePermissions(tx as unknown as Database, created!.id, values.permissions);
      const after = await getRole(tx, created!.id);
      await recordAudit(tx, { ...actor, action: 'create', entity: 'roles', entityId: created!.id, before: null, after });
      return after;
    });
  } catch (error) {
    translateRoleError(error);
  }
}

/** spec §6: a changed role applies to its holders at their next request (privileges are read per request). */
export async function updateRole(db: Database, id: number, values: RoleValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const before = await getRole(tx, id);
      await assertNameFree(tx, values.name, id);
      await tx.update(roles).set({ name: values.name, description: values.description, type: values.type }).where(eq(roles.id, id));
      await writePermissions(tx as unknown as Database, id, values.permissions);
      const after = await getRole(tx, id);
      await recordAudit(tx, { ...actor, action: 'update', entity: 'roles', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    translateRoleError(error);
  }
}

/** Refused while users hold the role: deleting it would silently take privileges away from them. */
export async function deleteRole(db: Database, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await getRole(tx, id);
    if (before.userCount > 0) throw new AppError('CONFLICT', { messageKey: 'admin.roleInUse' });
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, { ...actor, action: 'delete', entity: 'roles', entityId: id, before, after: null });
  });
}
