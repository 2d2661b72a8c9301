import { arrayLiteral, type Database, schema } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

const { users, userRoles, rolePermissions, modules } = schema;

/**
 * spec §6 SC "scrutiny candidates": a scrutiny officer is an active staff user (not deactivated,
 * not blocked now) whose roles let them record scrutiny (SC update). Allocation goes only to them.
 * `userId` is the caller's column or value; the caller's aliases must not be `sc_user`.
 */
export function isScrutinyOfficer(userId: SQL): SQL {
  return sql`exists (
    select 1 from ${users} sc_user
    where sc_user.id = ${userId} and sc_user.kind = 'staff' and sc_user.deactivated_at is null
      and not (sc_user.is_blocked and (sc_user.blocked_from is null or sc_user.blocked_from <= now()) and (sc_user.blocked_until is null or sc_user.blocked_until > now()))
      and exists (
        select 1 from ${userRoles} ur
        join ${rolePermissions} rp on rp.role_id = ur.role_id and rp.can_update
        join ${modules} m on m.id = rp.module_id and m.code = 'SC'
        where ur.user_id = sc_user.id))`;
}

/** Which of `userIds` are scrutiny officers now. */
export async function findScrutinyOfficers(db: Pick<Database, 'execute'>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select k.id from unnest(${arrayLiteral(userIds)}::int[]) as k(id) where ${isScrutinyOfficer(sql`k.id`)}`),
  );
  return new Set(rows.map((row) => Number(row.id)));
}

export type OfficerWorkload = {
  id: number;
  username: string;
  fullNameEn: string;
  fullNameNp: string | null;
  /** Of this advertisement: allocated to them, and not finished yet (pending or on hold). */
  allocated: number;
  unfinished: number;
  /** Unfinished across every advertisement: how busy the officer is. */
  unfinishedAll: number;
};

/** The scrutiny officers with what each holds of one advertisement and in all (spec §2 scrutiny-allocation). */
export async function listOfficerWorkloads(db: Database, advertisementId: number): Promise<OfficerWorkload[]> {
  const rows = rowsOf<OfficerWorkload>(
    await db.execute(sql`
      select o.id, o.username,
        concat_ws(' ', o.first_name_en, o.middle_name_en, o.last_name_en) as "fullNameEn",
        nullif(concat_ws(' ', o.first_name_np, o.middle_name_np, o.last_name_np), '') as "fullNameNp",
        coalesce(w.allocated, 0)::int as allocated, coalesce(w.unfinished, 0)::int as unfinished, coalesce(w.unfinished_all, 0)::int as "unfinishedAll"
      from users o
      left join lateral (
        select count(*) filter (where s.advertisement_id = ${advertisementId}) as allocated,
          count(*) filter (where s.advertisement_id = ${advertisementId} and s.status in ('pending', 'hold')) as unfinished,
          count(*) filter (where s.status in ('pending', 'hold')) as unfinished_all
        from scrutiny_allocations s where s.officer_user_id = o.id
      ) w on true
      where ${isScrutinyOfficer(sql`o.id`)}
      order by o.first_name_en, o.last_name_en, o.id`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
