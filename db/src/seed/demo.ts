import { PERMISSION_ACTIONS, PRIVILEGES, type PrivilegeCode } from '@psc/core';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../connect';
import { candidateProfiles, modules, oauthClients, rolePermissions, roles, userRoles, users } from '../schema/index';

export type HashPassword = (password: string) => Promise<string>;

/** The two OAuth clients of spec §7: the browser portal (candidates) and the workstation (staff). */
export const DEMO_CLIENTS = [
  { id: 'candidate-portal', name: 'Candidate portal', secret: 'candidate-portal-secret', userKind: 'candidate' },
  { id: 'staff-desktop', name: 'Staff workstation', secret: 'staff-desktop-secret', userKind: 'staff' },
] as const;

export const DEMO_ACCOUNTS = {
  candidate: { username: 'candidate', password: 'Candidate@123', email: 'candidate@example.com' },
  administrator: { username: 'admin', password: 'Admin@1234', email: 'admin@example.com' },
  requisitionOfficer: { username: 'requisition.officer', password: 'Officer@1234', email: 'requisition.officer@example.com' },
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function seedClients(db: Database) {
  for (const client of DEMO_CLIENTS) {
    await db
      .insert(oauthClients)
      .values({ id: client.id, name: client.name, secretHash: sha256(client.secret), userKind: client.userKind })
      .onConflictDoNothing();
  }
}

/** One module per privilege code of spec §6. */
export async function seedModules(db: Database) {
  await db
    .insert(modules)
    .values(PRIVILEGES.map((p) => ({ code: p.code, nameEn: p.nameEn, nameNp: p.nameNp })))
    .onConflictDoNothing();
}

export async function seedRole(db: Database, input: { name: string; description: string; codes: readonly PrivilegeCode[] }) {
  const [existing] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name)).limit(1);
  const roleId =
    existing?.id ??
    (await db.insert(roles).values({ name: input.name, description: input.description }).returning({ id: roles.id }))[0]!.id;
  const moduleRows = await db.select({ id: modules.id, code: modules.code }).from(modules);
  const everyAction = Object.fromEntries(
    PERMISSION_ACTIONS.map((action) => [`can${action[0]!.toUpperCase()}${action.slice(1)}`, true]),
  ) as { canRead: true; canCreate: true; canUpdate: true; canDelete: true; canApprove: true; canReject: true };
  const wanted = moduleRows.filter((m) => (input.codes as readonly string[]).includes(m.code));
  if (wanted.length > 0) {
    await db
      .insert(rolePermissions)
      .values(wanted.map((m) => ({ roleId, moduleId: m.id, ...everyAction })))
      .onConflictDoNothing();
  }
  return roleId;
}

export async function seedUser(
  db: Database,
  hashPassword: HashPassword,
  input: {
    kind: 'candidate' | 'staff';
    username: string;
    email: string;
    password: string;
    firstNameEn: string;
    lastNameEn: string;
    firstNameNp?: string;
    lastNameNp?: string;
    mobile?: string;
    roleIds?: number[];
  },
) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);
  const userId =
    existing?.id ??
    (
      await db
        .insert(users)
        .values({
          kind: input.kind,
          username: input.username,
          email: input.email,
          mobile: input.mobile,
          firstNameEn: input.firstNameEn,
          lastNameEn: input.lastNameEn,
          firstNameNp: input.firstNameNp,
          lastNameNp: input.lastNameNp,
          passwordHash: await hashPassword(input.password),
        })
        .returning({ id: users.id })
    )[0]!.id;
  for (const roleId of input.roleIds ?? []) {
    await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
  }
  return userId;
}

/** Clients, modules and roles every installation needs, demo or not. */
export async function seedAccessControl(db: Database) {
  await seedClients(db);
  await seedModules(db);
  await seedRole(db, {
    name: 'Administrator',
    description: 'Every privilege',
    codes: PRIVILEGES.map((p) => p.code),
  });
}

/** The demo accounts of the README: one candidate, one administrator, one single-privilege officer. */
export async function seedDemoAccounts(db: Database, hashPassword: HashPassword) {
  const administratorRole = await seedRole(db, { name: 'Administrator', description: 'Every privilege', codes: PRIVILEGES.map((p) => p.code) });
  const requisitionRole = await seedRole(db, { name: 'Requisition officer', description: 'Requisitions only (RQ)', codes: ['RQ'] });
  const candidateId = await seedUser(db, hashPassword, {
    kind: 'candidate',
    ...DEMO_ACCOUNTS.candidate,
    firstNameEn: 'Sita',
    lastNameEn: 'Sharma',
    firstNameNp: 'सीता',
    lastNameNp: 'शर्मा',
    mobile: '9841000001',
  });
  // The identity a registration records (spec §5), so the demo candidate's profile can be
  // completed like any registered candidate's. District 27 is Kathmandu.
  await db
    .insert(candidateProfiles)
    .values({
      userId: candidateId,
      citizenshipNumber: '27-01-76-05123',
      citizenshipIssueDistrictId: 27,
      citizenshipIssueDate: '2013-05-20',
      dateOfBirth: '1995-08-17',
      gender: 'female',
    })
    .onConflictDoNothing();
  await seedUser(db, hashPassword, {
    kind: 'staff',
    ...DEMO_ACCOUNTS.administrator,
    firstNameEn: 'Ram',
    lastNameEn: 'Adhikari',
    firstNameNp: 'राम',
    lastNameNp: 'अधिकारी',
    roleIds: [administratorRole],
  });
  await seedUser(db, hashPassword, {
    kind: 'staff',
    ...DEMO_ACCOUNTS.requisitionOfficer,
    firstNameEn: 'Gita',
    lastNameEn: 'Thapa',
    firstNameNp: 'गीता',
    lastNameNp: 'थापा',
    roleIds: [requisitionRole],
  });
}
