import { isPrivilegeCode, PERMISSION_ACTIONS, type PermissionAction, type PrivilegeCode } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { eq } from 'drizzle-orm';

const { userRoles, rolePermissions, modules, roles } = schema;

/** The union of what the user's roles allow, per privilege code (spec §6). */
export async function loadPrivileges(db: Database, userId: number): Promise<Map<PrivilegeCode, Set<PermissionAction>>> {
  const rows = await db
    .select({
      code: modules.code,
      read: rolePermissions.canRead,
      create: rolePermissions.canCreate,
      update: rolePermissions.canUpdate,
      delete: rolePermissions.canDelete,
      approve: rolePermissions.canApprove,
      reject: rolePermissions.canReject,
    })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(modules, eq(modules.id, rolePermissions.moduleId))
    .where(eq(userRoles.userId, userId));

  const privileges = new Map<PrivilegeCode, Set<PermissionAction>>();
  for (const row of rows) {
    if (!isPrivilegeCode(row.code)) continue;
    const actions = privileges.get(row.code) ?? new Set<PermissionAction>();
    for (const action of PERMISSION_ACTIONS) if (row[action]) actions.add(action);
    if (actions.size > 0) privileges.set(row.code, actions);
  }
  return privileges;
}

export async function loadRoles(db: Database, userId: number) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.name);
}
