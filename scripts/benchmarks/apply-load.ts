import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { percentile } from './support';

// The apply benchmark's load generator and CPU accounting. On a 2-core machine the load
// generator shares the cores with the API and PostgreSQL, so it should spend as little of them
// as it can: it speaks HTTP/1.1 over keep-alive sockets itself (node:http's client spent about
// 0.3 ms of CPU per call, a seventh of the machine at 1,000 calls a second).

export type HttpAnswer = { status: number; body: string };

type Exchange = { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void };

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * One keep-alive connection answering one request at a time. Reads the status, Content-Length or
 * chunked bodies, and Connection: close; anything else about the answer is not needed here.
 */
function openConnection(host: string, port: number, onFree: (connection: Connection) => void, onGone: (connection: Connection) => void) {
  const socket = connect({ host, port, noDelay: true });
  let buffered: Buffer = Buffer.alloc(0);
  let current: Exchange | undefined;
  const fail = (error: Error) => {
    const exchange = current;
    current = undefined;
    onGone(connection);
    exchange?.reject(error);
  };
  /** A complete answer at the start of `buffered`, or undefined while more is to come. */
  const readAnswer = (): { answer: HttpAnswer; used: number; close: boolean } | undefined => {
    const headEnd = buffered.indexOf(CRLF2);
    if (headEnd < 0) return undefined;
    const head = buffered.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(head[0]!.split(' ')[1]);
    const headers = new Map(head.slice(1).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const close = headers.get('connection')?.toLowerCase() === 'close';
    let at = headEnd + 4;
    if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = buffered.indexOf('\r\n', at);
        if (lineEnd < 0) return undefined;
        const size = parseInt(buffered.subarray(at, lineEnd).toString('latin1'), 16);
        if (buffered.length < lineEnd + 2 + size + 2) return undefined;
        if (size === 0) return { answer: { status, body: Buffer.concat(parts).toString('utf8') }, used: lineEnd + 4, close };
        parts.push(buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    const length = Number(headers.get('content-length') ?? 0);
    if (buffered.length < at + length) return undefined;
    return { answer: { status, body: buffered.subarray(at, at + length).toString('utf8') }, used: at + length, close };
  };
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const read = readAnswer();
    if (!read || !current) return;
    buffered = buffered.subarray(read.used);
    const exchange = current;
    current = undefined;
    if (read.close) {
      onGone(connection);
      socket.destroy();
    } else onFree(connection);
    exchange.resolve(read.answer);
  });
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed before the answer')));
  const connection = {
    send(request: string, exchange: Exchange) {
      current = exchange;
      socket.write(request);
    },
    destroy: () => socket.destroy(),
  };
  return connection;
}

type Connection = ReturnType<typeof openConnection>;

export function createHttpClient(baseUrl: string, maxSockets: number) {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const queued: { request: string; exchange: Exchange }[] = [];
  const onFree = (connection: Connection) => {
    const next = queued.shift();
    if (next) connection.send(next.request, next.exchange);
    else idle.push(connection);
  };
  const onGone = (connection: Connection) => {
    all.delete(connection);
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
  };
  /** `token` undefined: a public path, sent without Authorization. */
  const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const request =
        `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${token === undefined ? '' : `Authorization: Bearer ${token}\r\n`}` +
        (body === undefined ? '\r\n' : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`);
      const exchange = { resolve, reject };
      const connection = idle.pop();
      if (connection) connection.send(request, exchange);
      else if (all.size < maxSockets) {
        const fresh = openConnection(url.hostname, port, onFree, onGone);
        all.add(fresh);
        fresh.send(request, exchange);
      } else queued.push({ request, exchange });
    });
  return {
    call,
    close: () => {
      for (const connection of all) connection.destroy();
    },
  };
}

export type Outcome = { ok: true } | { ok: false; kind: string; detail: string };

export type PhaseResult = {
  count: number;
  seconds: number;
  perSecond: number;
  /** Completions per whole second of the run, first and last second left out when possible. */
  steadyMedianPerSecond: number;
  steadyMinPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: Map<string, number>;
  firstErrors: string[];
  /** The worst latency of the calls completed in each whole second of the run. */
  worstPerSecond: number[];
};

/** Latencies, completion times and errors of one phase, summed up as a PhaseResult at the end. */
function createRecorder(started: number) {
  const latencies: number[] = [];
  const completedAt: number[] = [];
  // In completion order, beside completedAt (`latencies` is sorted at the end).
  const completedLatencies: number[] = [];
  const errors = new Map<string, number>();
  const firstErrors: string[] = [];
  let lastDone = started;
  return {
    record(from: number, outcome: Outcome) {
      const done = performance.now();
      lastDone = Math.max(lastDone, done);
      if (outcome.ok) {
        latencies.push(done - from);
        completedLatencies.push(done - from);
        completedAt.push(done - started);
      } else {
        errors.set(outcome.kind, (errors.get(outcome.kind) ?? 0) + 1);
        if (firstErrors.length < 3) firstErrors.push(`${outcome.kind}: ${outcome.detail.slice(0, 300)}`);
      }
    },
    result(): PhaseResult {
      const elapsed = (lastDone - started) / 1000;
      latencies.sort((a, b) => a - b);
      const buckets = new Array<number>(Math.max(1, Math.ceil(elapsed))).fill(0);
      const worstPerSecond = new Array<number>(buckets.length).fill(0);
      completedAt.forEach((at, index) => {
        const second = Math.min(buckets.length - 1, Math.floor(at / 1000));
        buckets[second]! += 1;
        worstPerSecond[second] = Math.max(worstPerSecond[second]!, completedLatencies[index]!);
      });
      const steady = (buckets.length > 2 ? buckets.slice(1, -1) : buckets).sort((a, b) => a - b);
      return {
        count: latencies.length,
        seconds: elapsed,
        perSecond: latencies.length / elapsed,
        steadyMedianPerSecond: percentile(steady, 50),
        steadyMinPerSecond: steady[0] ?? 0,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        errors,
        firstErrors,
        worstPerSecond,
      };
    },
  };
}

const settle = (pending: Promise<Outcome>): Promise<Outcome> => pending.catch((error: unknown) => ({ ok: false, kind: 'network', detail: String(error) }));

/**
 * Closed loop: `clients` loops for `seconds`, each making one call at a time, with no pause
 * between calls: the most the API can do at that concurrency. A loop stops early when `call`
 * answers null (nothing left to do, e.g. no candidate left). Latency is kept for successes.
 */
export async function runPhase(clients: number, seconds: number, call: (client: number) => Promise<Outcome> | null): Promise<PhaseResult> {
  const started = performance.now();
  const recorder = createRecorder(started);
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        const from = performance.now();
        const pending = call(client);
        if (!pending) return;
        recorder.record(from, await settle(pending));
      }
    }),
  );
  return recorder.result();
}

export type RatePhaseResult = PhaseResult & { offered: number; waitedForSlot: number };

/**
 * Open loop: calls arrive at `rate` a second for `seconds`, whatever the answers, as candidates
 * arrive in a rush; at most `maxInFlight` are under way, and an arrival beyond that waits for a
 * free slot. Latency runs from the moment the call was due, so waiting (for a slot, or behind a
 * slow scheduler) counts too, and a slow API cannot hide it by making fewer calls.
 */
export async function runRatePhase(rate: number, seconds: number, maxInFlight: number, call: () => Promise<Outcome> | null): Promise<RatePhaseResult> {
  const started = performance.now();
  const recorder = createRecorder(started);
  const total = Math.floor(rate * seconds);
  const waiting: number[] = [];
  let due = 0;
  let inFlight = 0;
  let waitedForSlot = 0;
  let exhausted = false;
  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const isOver = () => (due >= total || exhausted) && inFlight === 0 && waiting.length === 0;
  const start = (dueAt: number) => {
    const pending = exhausted ? null : call();
    if (!pending) {
      // Nothing left to call (no candidate left): what still waits is dropped.
      exhausted = true;
      waiting.length = 0;
      return;
    }
    inFlight += 1;
    void settle(pending).then((outcome) => {
      inFlight -= 1;
      recorder.record(dueAt, outcome);
      const next = waiting.shift();
      if (next !== undefined) start(next);
      if (isOver()) allDone();
    });
  };
  while (due < total && !exhausted) {
    const arrived = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; due < arrived; due += 1) {
      const dueAt = started + (due * 1000) / rate;
      if (inFlight < maxInFlight) start(dueAt);
      else {
        waiting.push(dueAt);
        waitedForSlot += 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (isOver()) allDone();
  await finished;
  return { ...recorder.result(), offered: rate, waitedForSlot };
}

export function formatErrors(errors: Map<string, number>) {
  const total = [...errors.values()].reduce((sum, value) => sum + value, 0);
  if (total === 0) return 'errors 0';
  return `errors ${total} (${[...errors.entries()].map(([kind, count]) => `${kind}: ${count}`).join(', ')})`;
}

// --- CPU accounting from /proc (Linux): which process spent the cores. ---

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** cpuTicks: the process's own user + system time; childTicks: that of its children it has reaped. */
type ProcessStat = { pid: number; ppid: number; cpuTicks: number; childTicks: number };

function readProcessStat(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), childTicks: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

function readCommandLine(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

function listProcesses(): ProcessStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return names.map((name) => readProcessStat(Number(name))).filter((stat): stat is ProcessStat => stat !== null);
}

/** The API process (our child running api/src/main.ts, or api/dist/main.js compiled) and the cluster's postmaster (by its port). */
export function findBenchmarkProcesses(databaseUrl: string) {
  const port = new URL(databaseUrl).port;
  const processes = listProcesses();
  const api = processes.find((stat) => stat.ppid === process.pid && /api\/(src\/main\.ts|dist\/main\.js)/.test(readCommandLine(stat.pid)));
  const postmaster = processes.find((stat) => {
    const line = readCommandLine(stat.pid);
    return /(^|\/)postgres /.test(line) && line.includes(` -p ${port}`);
  });
  return { apiPid: api?.pid, postmasterPid: postmaster?.pid };
}

function readMachineTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3]! + fields[4]!;
    // The 8th field is time the hypervisor gave this machine's cores to others (steal).
    return { busy: fields.reduce((sum, value) => sum + value, 0) - idle, total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return { busy: 0, total: 0, steal: 0 };
  }
}

export type CpuSnapshot = { at: number; api: number; postgres: number; self: number; children: number; machine: { busy: number; total: number; steal: number } };

export function takeCpuSnapshot(pids: { apiPid?: number | undefined; postmasterPid?: number | undefined }): CpuSnapshot {
  const processes = pids.postmasterPid || pids.apiPid ? listProcesses() : [];
  // Live backends, plus the ones that ended (pgbench's connections), which the postmaster reaped.
  const postgres = pids.postmasterPid
    ? processes
        .filter((stat) => stat.pid === pids.postmasterPid || stat.ppid === pids.postmasterPid)
        .reduce((sum, stat) => sum + stat.cpuTicks + (stat.pid === pids.postmasterPid ? stat.childTicks : 0), 0)
    : NaN;
  // The API process and, with API_WORKERS > 1, its workers.
  const api = pids.apiPid ? processes.filter((stat) => stat.pid === pids.apiPid || stat.ppid === pids.apiPid).reduce((sum, stat) => sum + stat.cpuTicks, 0) : NaN;
  const usage = process.cpuUsage();
  // Children this process has reaped (pgbench once it has exited).
  const children = readProcessStat(process.pid)?.childTicks ?? NaN;
  return { at: performance.now(), api, postgres, self: ((usage.user + usage.system) / 1e6) * ticksPerSecond, children, machine: readMachineTicks() };
}

/**
 * "API 0.95 cores, PostgreSQL 0.70, load generator 0.25; machine 1.98 of 2 cores busy"; a load
 * generator run as a child (pgbench, wrk) is counted from the reaped children, named `childName`.
 */
export function formatCpu(before: CpuSnapshot, after: CpuSnapshot, cores: number, generator: 'self' | 'children' = 'self', childName = 'pgbench') {
  const seconds = (after.at - before.at) / 1000;
  const coresOf = (ticks: number) => (Number.isNaN(ticks) ? 'n/a' : (ticks / ticksPerSecond / seconds).toFixed(2));
  const machineTicks = after.machine.total - before.machine.total;
  const machineBusy = machineTicks > 0 ? ((after.machine.busy - before.machine.busy) / machineTicks) * cores : NaN;
  const stolen = machineTicks > 0 ? ((after.machine.steal - before.machine.steal) / machineTicks) * cores : 0;
  return (
    `API ${coresOf(after.api - before.api)} cores, PostgreSQL (all backends) ${coresOf(after.postgres - before.postgres)}, ` +
    `${generator === 'self' ? 'load generator' : childName} ${coresOf(after[generator] - before[generator])}; whole machine ${Number.isNaN(machineBusy) ? 'n/a' : machineBusy.toFixed(2)} of ${cores} cores busy (other work included)` +
    (stolen >= 0.005 ? `, of which ${stolen.toFixed(2)} taken by the hypervisor (steal)` : '')
  );
}

/** Milliseconds of CPU one call cost the API and PostgreSQL, whatever the machine's other load (NaN when unknown). */
export function cpuPerCall(before: CpuSnapshot, after: CpuSnapshot, calls: number) {
  const per = (ticks: number) => (calls === 0 ? NaN : (ticks / ticksPerSecond / calls) * 1000);
  return { api: per(after.api - before.api), postgres: per(after.postgres - before.postgres) };
}

/** "API 2.41 ms, PostgreSQL 1.90 ms of CPU per call". */
export function formatCpuPerCall(before: CpuSnapshot, after: CpuSnapshot, calls: number) {
  const { api, postgres } = cpuPerCall(before, after, calls);
  const text = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(2)} ms`);
  return `API ${text(api)}, PostgreSQL ${text(postgres)} of CPU per call`;
}
