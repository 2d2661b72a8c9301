import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Candidates' public number (spec §3 masterId): distinct from the row id so that it can be
// printed on admit cards and typed by staff without exposing insertion order of staff rows.
export const masterIdSequence = pgSequence('user_master_id_seq', { startWith: 1000001 });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    masterId: bigint('master_id', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('user_master_id_seq')`),
    kind: text('kind', { enum: ['candidate', 'staff'] }).notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    firstNameEn: text('first_name_en').notNull(),
    middleNameEn: text('middle_name_en'),
    lastNameEn: text('last_name_en').notNull(),
    // spec §3: names in English and in Nepali (Devanagari).
    firstNameNp: text('first_name_np'),
    middleNameNp: text('middle_name_np'),
    lastNameNp: text('last_name_np'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockReason: text('block_reason'),
    blockedFrom: timestamp('blocked_from', { withTimezone: true }),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    // spec §4: a password-change notice goes out on sign-in attempts, at most once a window.
    lastPasswordNoticeAt: timestamp('last_password_notice_at', { withTimezone: true }),
    // A duplicate account the candidate closed (spec §1 "deactivate duplicate accounts").
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_kind_check', sql`${t.kind} in ('candidate', 'staff')`),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  type: text('type').notNull().default('internal'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// A module is the unit a privilege code guards (spec §6): RQ, PD, MC, ...
export const modules = pgTable('modules', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  description: text('description').notNull().default(''),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    canRead: boolean('can_read').notNull().default(false),
    canCreate: boolean('can_create').notNull().default(false),
    canUpdate: boolean('can_update').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    canApprove: boolean('can_approve').notNull().default(false),
    canReject: boolean('can_reject').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.moduleId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

// OAuth clients (spec §7: client credentials sent as basic auth). A client serves one kind
// of user: the browser portal signs in candidates, the workstation signs in staff.
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  userKind: text('user_kind', { enum: ['candidate', 'staff'] }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

// Refresh tokens are opaque; only their SHA-256 is stored. Each sign-in starts a family;
// every refresh marks the presented token used and issues the next one in the family.
// Presenting a used token means it was stolen or replayed, so the whole family is revoked.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

// Password checks counted per key in fixed windows (api/src/auth/rate-limit.ts): an account
// from one address, an address, an account from all addresses; for a "pace:" key
// window_started_at is when the account's next paced check may start. Kept in the database,
// not in memory, so every API instance sees the same counts.
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
});
