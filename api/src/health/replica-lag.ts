import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

export type ReplicaLag =
  | {
      state: 'up';
      /** WAL the primary has produced (committed or not yet) that the replica has not replayed. */
      behindBytes: number;
      /** 0 when nothing is left to replay; otherwise how long ago the replica replayed its last commit. */
      lagSeconds: number;
    }
  | { state: 'down' };

/**
 * How far the replica (DATABASE_REPLICA_URL) is behind its primary: the primary's current WAL
 * position against the one the replica has replayed. The time since the last replayed commit
 * alone would grow on an idle system with nothing to replay, so it only counts while WAL is left.
 */
export async function readReplicaLag(primary: Database, replica: Database): Promise<ReplicaLag> {
  try {
    const [current] = rowsOf<{ lsn: string }>(await primary.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`));
    const [replayed] = rowsOf<{ behind: number | string | null; since: number | string | null }>(
      await replica.execute(sql`
        select pg_wal_lsn_diff(${current!.lsn}::pg_lsn, pg_last_wal_replay_lsn())::float8 as behind,
               extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since`),
    );
    // A replay position read after the primary's may be past it: nothing is left then.
    const behindBytes = Math.max(0, Number(replayed?.behind ?? 0));
    const lagSeconds = behindBytes === 0 ? 0 : Math.max(0, Number(replayed?.since ?? 0));
    return { state: 'up', behindBytes, lagSeconds };
  } catch {
    return { state: 'down' };
  }
}
