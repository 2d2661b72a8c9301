import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { readFileSync, statSync } from 'node:fs';

// The reads benchmark's --explain: what each path asks of PostgreSQL, whatever the API's code
// is today. pg_stat_statements counts the statements of a path's measured run (calls per request,
// time, buffers); auto_explain, switched on for a moment, writes the EXPLAIN (ANALYZE, BUFFERS)
// plan of every statement of one request into the server log, summed up here a line each.

/** Server settings the throwaway cluster starts with for --explain (both libraries load at start). */
export const EXPLAIN_CLUSTER_SETTINGS = ['shared_preload_libraries=pg_stat_statements,auto_explain', 'pg_stat_statements.track=all', 'pg_stat_statements.track_planning=on'];

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const oneLine = (text: string, length: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
};

export async function prepareExplain(db: Database) {
  await db.execute(sql`create extension if not exists pg_stat_statements`);
}

export async function resetStatementCounts(db: Database) {
  await db.execute(sql`select pg_stat_statements_reset()`);
}

/**
 * The statements that took the most of a run's database time (planning and executing), per
 * request answered in the run (requests still queued when the run ended add a little).
 */
export async function statementLines(db: Database, requests: number, most = 5): Promise<string[]> {
  const found = await rows<{ calls: number; planMs: number; totalMs: number; meanMs: number; rows: number; hit: number; read: number; query: string }>(
    db,
    sql`select calls::float8 as calls, mean_plan_time as "planMs", total_plan_time + total_exec_time as "totalMs", mean_exec_time as "meanMs", rows::float8 as rows,
          shared_blks_hit::float8 as hit, shared_blks_read::float8 as read, query
        from pg_stat_statements
        where query not ilike '%pg_stat_statements%' and dbid = (select oid from pg_database where datname = current_database())
        order by total_plan_time + total_exec_time desc limit ${most}`,
  );
  const per = (value: number) => (value / Math.max(1, requests)).toFixed(2);
  return found.map(
    (row) =>
      `${per(row.calls)} calls/req, planned ${row.planMs.toFixed(3)} + run ${row.meanMs.toFixed(3)} ms each (${per(row.totalMs)} ms/req), ${(row.rows / Math.max(1, row.calls)).toFixed(1)} rows, ` +
      `${(row.hit / Math.max(1, row.calls)).toFixed(1)} buffers hit + ${(row.read / Math.max(1, row.calls)).toFixed(1)} read each | ${oneLine(row.query, 110)}`,
  );
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };
type LoggedPlan = { 'Query Text': string; Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number } };

/** "Limit > Nested Loop(Index Scan applications_user_idx on applications, Seq Scan on charges)" */
function describeNode(node: PlanNode): string {
  const scan = node['Relation Name'] ? ` ${node['Index Name'] ? `${node['Index Name']} on ` : 'on '}${node['Relation Name']}` : '';
  const rows = node['Actual Rows'] !== undefined ? ` [${node['Actual Rows']}${(node['Actual Loops'] ?? 1) > 1 ? `x${node['Actual Loops']}` : ''}]` : '';
  const children = node.Plans?.length ? `(${node.Plans.map(describeNode).join(', ')})` : '';
  return `${node['Node Type']}${scan}${rows}${children}`;
}

/**
 * Switches auto_explain on for every backend (ALTER SYSTEM, reload), runs `work` (one request of
 * the path), switches it off, and answers a line for each plan the server logged meanwhile;
 * `nested: false` leaves out the statements run inside others (functions, foreign-key checks).
 */
export async function explainPlans(db: Database, logFile: string, work: () => Promise<void>, { nested = true } = {}): Promise<string[]> {
  const settings = {
    'auto_explain.log_min_duration': '0',
    'auto_explain.log_analyze': 'on',
    'auto_explain.log_buffers': 'on',
    'auto_explain.log_format': 'json',
    // Off for a statement writing thousands of rows: each row's foreign-key checks would be a plan
    // of its own (their time is in the statement's either way).
    'auto_explain.log_nested_statements': nested ? 'on' : 'off',
  };
  for (const [name, value] of Object.entries(settings)) await db.execute(sql.raw(`alter system set ${name} = '${value}'`));
  await db.execute(sql`select pg_reload_conf()`);
  // Backends read the new settings before their next statement; the signal takes a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const from = statSync(logFile).size;
  try {
    await work();
  } finally {
    for (const name of Object.keys(settings)) await db.execute(sql.raw(`alter system reset ${name}`));
    await db.execute(sql`select pg_reload_conf()`);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const text = readFileSync(logFile).subarray(from).toString('utf8');
  // Each entry starts on a line of its own; its continuation lines start with a tab.
  const entries = text.split(/\n(?!\t)/);
  const lines: string[] = [];
  for (const entry of entries) {
    const match = /duration: ([\d.]+) ms\s+plan:\n([\s\S]*)$/.exec(entry);
    if (!match) continue;
    const plan = JSON.parse(match[2]!.replace(/^\t/gm, '')) as LoggedPlan;
    // Our own statements (the settings above) are not the path's.
    if (/pg_reload_conf|alter system/i.test(plan['Query Text'])) continue;
    const buffers = `${plan.Plan['Shared Hit Blocks'] ?? 0} hit + ${plan.Plan['Shared Read Blocks'] ?? 0} read`;
    lines.push(`${Number(match[1]).toFixed(3)} ms, buffers ${buffers}: ${oneLine(describeNode(plan.Plan), 160)} | ${oneLine(plan['Query Text'], 90)}`);
  }
  return lines;
}
