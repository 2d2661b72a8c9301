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

export type DemoAccount = {
  kind: 'candidate' | 'staff';
  username: string;
  password: string;
  email: string;
  /** What a newcomer uses the account for: the README and the start banner say it. */
  purpose: string;
};

/**
 * Every demo account (`npm start` without NODE_ENV=production, and every API and e2e test):
 * what it is for is said here once, and the README and the start banner list them all.
 * A later stage of the product that needs another officer adds it here.
 */
export const DEMO_ACCOUNTS = {
  candidate: {
    kind: 'candidate',
    username: 'candidate',
    password: 'Candidate@123',
    email: 'candidate@example.com',
    purpose: 'candidate with an empty profile (0 of 8): try filling in the profile',
  },
  applicant: {
    kind: 'candidate',
    username: 'applicant',
    password: 'Applicant@123',
    email: 'applicant@example.com',
    purpose: 'candidate with a complete profile (8 of 8): apply to the open advertisement and pay at once; her application to the advertisement in scrutiny is partially approved (Madhesi quota rejected, with its reason)',
  },
  administrator: {
    kind: 'staff',
    username: 'admin',
    password: 'Admin@1234',
    email: 'admin@example.com',
    purpose: 'every privilege; reads the mail outbox; approves a distribution the approver made',
  },
  requisitionOfficer: {
    kind: 'staff',
    username: 'requisition.officer',
    password: 'Officer@1234',
    email: 'requisition.officer@example.com',
    purpose: 'requisitions only (RQ): enters a requisition for another officer to approve',
  },
  approver: {
    kind: 'staff',
    username: 'approver',
    password: 'Approver@1234',
    email: 'approver@example.com',
    purpose: 'the second officer (RQ, PD, PA, AD, AQTEA, ES): approves requisitions, distributes vacancies, publishes advertisements, schedules exams',
  },
  scrutinyOfficer: {
    kind: 'staff',
    username: 'scrutiny.officer',
    password: 'Officer@1234',
    email: 'scrutiny.officer@example.com',
    purpose: 'scrutiny only (SC): an officer the administrator can allocate applications to once an advertisement closes; holds the five of the advertisement in scrutiny (two decided, one on hold, two to decide)',
  },
  resultsClerk: {
    kind: 'staff',
    username: 'results.clerk',
    password: 'Officer@1234',
    email: 'results.clerk@example.com',
    purpose: 'post-exam (POEC): uploaded the attendance and marks of the old admit-card demo; downloads templates and uploads workbooks, but cannot verify her own uploads',
  },
  resultsVerifier: {
    kind: 'staff',
    username: 'results.verifier',
    password: 'Officer@1234',
    email: 'results.verifier@example.com',
    purpose: 'post-exam (POEC), the second user: verified the old admit-card demo\'s attendance and marks; verifies or reverts what others upload, and reads the report by quota',
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

/** Where each demo account signs in, as a path of the product's address. */
export function demoAccountPath(account: DemoAccount): '/' | '/staff' {
  return account.kind === 'candidate' ? '/' : '/staff';
}

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

/** The roles of the demo's staff, by name: what each may do (spec §6 privilege codes). */
const DEMO_ROLES = {
  Administrator: { description: 'Every privilege', codes: PRIVILEGES.map((p) => p.code) },
  'Requisition officer': { description: 'Requisitions only (RQ)', codes: ['RQ'] },
  // The second pair of eyes: the API lets no one decide a requisition or a distribution they
  // entered themselves (four eyes), so the demo needs an officer besides the administrator.
  'Recruitment approver': { description: 'Approves requisitions, distributes vacancies and publishes advertisements', codes: ['RQ', 'PD', 'PA', 'AD', 'AQTEA', 'ES'] },
  // Scrutiny allocation (SA) hands closed advertisements' applications to officers holding SC.
  'Scrutiny officer': { description: 'Screens the applications allocated to them (SC)', codes: ['SC'] },
  // Attendance and marks: the API lets no one verify rows they uploaded, so the demo has two.
  'Post-exam officer': { description: 'Uploads and verifies attendance and marks (POEC)', codes: ['POEC'] },
} as const satisfies Record<string, { description: string; codes: readonly PrivilegeCode[] }>;

/** Who each demo account is: names, mobile and role. */
const DEMO_PEOPLE: Record<
  DemoAccountKey,
  { firstNameEn: string; lastNameEn: string; firstNameNp: string; lastNameNp: string; mobile?: string; role?: keyof typeof DEMO_ROLES }
> = {
  candidate: { firstNameEn: 'Sita', lastNameEn: 'Sharma', firstNameNp: 'सीता', lastNameNp: 'शर्मा', mobile: '9841000001' },
  applicant: { firstNameEn: 'Anjali', lastNameEn: 'Yadav', firstNameNp: 'अञ्जली', lastNameNp: 'यादव', mobile: '9841000002' },
  administrator: { firstNameEn: 'Ram', lastNameEn: 'Adhikari', firstNameNp: 'राम', lastNameNp: 'अधिकारी', role: 'Administrator' },
  requisitionOfficer: { firstNameEn: 'Gita', lastNameEn: 'Thapa', firstNameNp: 'गीता', lastNameNp: 'थापा', role: 'Requisition officer' },
  approver: { firstNameEn: 'Hari', lastNameEn: 'Khadka', firstNameNp: 'हरि', lastNameNp: 'खड्का', role: 'Recruitment approver' },
  scrutinyOfficer: { firstNameEn: 'Sarita', lastNameEn: 'Gurung', firstNameNp: 'सरिता', lastNameNp: 'गुरुङ', role: 'Scrutiny officer' },
  resultsClerk: { firstNameEn: 'Kamala', lastNameEn: 'Bhandari', firstNameNp: 'कमला', lastNameNp: 'भण्डारी', role: 'Post-exam officer' },
  resultsVerifier: { firstNameEn: 'Bishnu', lastNameEn: 'Poudel', firstNameNp: 'विष्णु', lastNameNp: 'पौडेल', role: 'Post-exam officer' },
};

/**
 * The identity a registration records (spec §5), so a demo candidate's profile can be completed
 * like any registered candidate's. District 27 is Kathmandu.
 */
const DEMO_IDENTITIES: Partial<Record<DemoAccountKey, Omit<typeof candidateProfiles.$inferInsert, 'userId'>>> = {
  candidate: { citizenshipNumber: '27-01-76-05123', citizenshipIssueDistrictId: 27, citizenshipIssueDate: '2013-05-20', dateOfBirth: '1995-08-17', gender: 'female' },
  applicant: { citizenshipNumber: '27-01-78-04411', citizenshipIssueDistrictId: 27, citizenshipIssueDate: '2016-02-11', dateOfBirth: '1998-04-14', gender: 'female' },
};

/** The ids of the demo accounts, by their key in DEMO_ACCOUNTS. */
export type DemoAccountIds = Record<DemoAccountKey, number>;

/**
 * Every account of DEMO_ACCOUNTS with its role, and the candidates' identities. Idempotent; the
 * passwords of the accounts not there yet are hashed side by side (each hash takes a while).
 */
export async function seedDemoAccounts(db: Database, hashPassword: HashPassword): Promise<DemoAccountIds> {
  const roleIds = new Map<string, number>();
  for (const [name, role] of Object.entries(DEMO_ROLES)) roleIds.set(name, await seedRole(db, { name, ...role }));
  const keys = Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[];
  const ids = await Promise.all(
    keys.map(async (key) => {
      const { purpose: _purpose, ...account } = DEMO_ACCOUNTS[key];
      const { role, ...person } = DEMO_PEOPLE[key];
      return seedUser(db, hashPassword, { ...account, ...person, roleIds: role ? [roleIds.get(role)!] : [] });
    }),
  );
  const accountIds = Object.fromEntries(keys.map((key, index) => [key, ids[index]!])) as DemoAccountIds;
  for (const [key, identity] of Object.entries(DEMO_IDENTITIES) as [DemoAccountKey, (typeof DEMO_IDENTITIES)[DemoAccountKey]][]) {
    await db.insert(candidateProfiles).values({ ...identity!, userId: accountIds[key] }).onConflictDoNothing();
  }
  return accountIds;
}
