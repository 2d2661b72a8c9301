import { DEMO_ACCOUNTS } from '@psc/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkstationServices } from '../../desktop/main/services/workstation-services';
import { signIn, startBenchmarkApi } from './support';

// How long the workstation takes to fill an empty master-data cache from the API's
// change feed (every type, 753 local levels among them), and to bring in one change. The API
// runs in its own process on PostgreSQL; the cache is the real SQLite file of the workstation
// services, synced through the same handler the renderer calls.

const FULL_RUNS = Number(process.env.BENCH_CACHE_FULL_RUNS ?? 5);
const INCREMENTAL_RUNS = Number(process.env.BENCH_CACHE_INCREMENTAL_RUNS ?? 20);

function summarise(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms over ${ms.length} runs`;
}

export async function benchCacheSync() {
  const api = await startBenchmarkApi();
  const { url } = api;
  const dataDirs: string[] = [];
  try {
    const accessToken = await signIn(url, 'staff', DEMO_ACCOUNTS.administrator.username, DEMO_ACCOUNTS.administrator.password);
    console.log(`cache-sync benchmark: API in its own process on PostgreSQL (${api.databaseLabel}), Node ${process.version}`);

    // Full sync into an empty cache, a fresh SQLite file each run (the first run is a warm-up).
    const fullTimes: number[] = [];
    let last: Awaited<ReturnType<ReturnType<typeof createWorkstationServices>['handlers']['cache.sync']>> | undefined;
    for (let run = 0; run <= FULL_RUNS; run += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'psc-bench-cache-'));
      dataDirs.push(dataDir);
      const services = createWorkstationServices({ dataDir, runtime: 'node' });
      const started = performance.now();
      last = await services.handlers['cache.sync']({ apiBaseUrl: url, accessToken });
      const elapsed = performance.now() - started;
      if (run > 0) fullTimes.push(elapsed);
      services.close();
    }
    const localLevels = last!.status.types.find((entry) => entry.type === 'local-levels')?.rows ?? 0;
    console.log(
      `full sync into an empty cache: ${last!.status.totalRows} rows of ${last!.status.types.length} types (${localLevels} local levels), ` +
        `${last!.changes} changes in ${last!.pages} page(s); ${summarise(fullTimes)}`,
    );

    // One change on the server, then an incremental sync of the filled cache.
    const dataDir = dataDirs.at(-1)!;
    const services = createWorkstationServices({ dataDir, runtime: 'node' });
    const created = await fetch(`${url}/api/admin/master/religions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nameEn: 'Benchmark faith', nameNp: 'मापन धर्म' }),
    });
    const religionId = ((await created.json()) as { data: { id: number } }).data.id;
    await services.handlers['cache.sync']({ apiBaseUrl: url, accessToken });
    const incrementalTimes: number[] = [];
    for (let run = 0; run < INCREMENTAL_RUNS; run += 1) {
      const changed = await fetch(`${url}/api/admin/master/religions/${religionId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nameEn: `Benchmark faith ${run}`, nameNp: 'मापन धर्म' }),
      });
      if (!changed.ok) throw new Error(`update answered ${changed.status}`);
      const started = performance.now();
      const result = await services.handlers['cache.sync']({ apiBaseUrl: url, accessToken });
      incrementalTimes.push(performance.now() - started);
      if (result.changes !== 1) throw new Error(`expected one change, got ${result.changes}`);
    }
    services.close();
    console.log(`incremental sync of one change: ${summarise(incrementalTimes)}`);
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await api.stop();
  }
}
