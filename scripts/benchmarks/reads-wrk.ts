import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/postgres-cluster';

// Load with wrk (C, a fraction of the CPU a Node load generator needs on a shared 2-core
// machine), every request a different one from a list: each candidate's own token and path, sent
// in turn. wrk's Lua reads the list once per thread, and its done() prints the percentiles as one
// JSON line. Closed loop by default (each connection sends its next request as soon as the last
// is answered: the capacity, with latency that is mostly queueing once the server is saturated);
// paced when given a rate: each connection waits a random pause (mean: connections / rate) before
// each request, as people do between taps, so the latency is measured at a load the server is
// offered rather than at the most it can take. wrk starts a request's clock when it is written,
// after the pause.

export const WRK = '/usr/bin/wrk';

export const findWrk = () => (existsSync(WRK) ? WRK : undefined);

export type LoadRequest = { method: 'GET' | 'POST'; path: string; token?: string | undefined; body?: unknown };

export type WrkResult = {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx/3xx (wrk's "status" errors) and socket errors, by kind. */
  errors: Map<string, number>;
};

// `requests` (the list) and the thread's own position in it are globals of each thread's Lua state.
const SCRIPT = String.raw`
local list = {}
local at = 0
local threads = 0

function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end

function init(args)
  for line in io.lines(args[1]) do
    local method, path, token, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local headers = {}
    if token ~= "" then headers["Authorization"] = "Bearer " .. token end
    if body ~= "" then headers["Content-Type"] = "application/json" else body = nil end
    list[#list + 1] = wrk.format(method, path, headers, body)
  end
  -- The threads start apart in the list, so they do not send the same candidate at once.
  at = math.floor(#list * thread_index / tonumber(args[2]))
  pause = tonumber(args[3] or "0")
end

function request()
  at = at % #list + 1
  return list[at]
end

-- Defined only in the paced script: wrk paces a connection only when a global delay() exists.
%PACE%
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`;

/** Writes the list wrk sends in turn: one request a line (method, path, token, JSON body, tab-separated). */
export function writeRequestList(file: string, requests: readonly LoadRequest[]) {
  writeFileSync(file, requests.map((request) => [request.method, request.path, request.token ?? '', request.body === undefined ? '' : JSON.stringify(request.body)].join('\t')).join('\n') + '\n');
}

const PAUSE = 'function delay()\n  return math.random() * 2 * pause\nend\n';

/**
 * `connections` connections for `seconds`, over 2 threads, sending the list at `listFile` in turn;
 * closed loop, or paced to about `rate` requests a second in all when it is given (the rate reached
 * is a little lower: a connection's cycle is its pause plus the answer's latency).
 */
export async function runWrk(options: { baseUrl: string; folder: string; listFile: string; connections: number; seconds: number; rate?: number | undefined }): Promise<WrkResult> {
  const threads = 2;
  const paced = options.rate !== undefined;
  const script = join(options.folder, paced ? 'rotate-paced.lua' : 'rotate.lua');
  if (!existsSync(script)) writeFileSync(script, SCRIPT.replace('%PACE%', paced ? PAUSE : ''));
  const pauseMs = paced ? (1000 * options.connections) / options.rate! : 0;
  const args = [`-t${threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script, options.baseUrl, '--', options.listFile, String(threads), String(pauseMs)];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(WRK, args);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text.slice(-2000)}`))));
  });
  const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no summary:\n${output.slice(-2000)}`);
  const summary = JSON.parse(line) as Record<'requests' | 'durationUs' | 'connect' | 'read' | 'write' | 'status' | 'timeout' | 'p50' | 'p95' | 'p99' | 'max', number>;
  const errors = new Map<string, number>();
  const kinds = { status: 'HTTP 4xx/5xx', connect: 'connect', read: 'read', write: 'write', timeout: 'timeout' } as const;
  for (const [key, kind] of Object.entries(kinds)) if (summary[key as keyof typeof kinds] > 0) errors.set(kind, summary[key as keyof typeof kinds]);
  const seconds = summary.durationUs / 1e6;
  // wrk's requests include the ones answered with an error status.
  const ok = summary.requests - summary.status;
  return { requests: ok, seconds, perSecond: ok / seconds, p50: summary.p50 / 1000, p95: summary.p95 / 1000, p99: summary.p99 / 1000, max: summary.max / 1000, errors };
}

/** The bare Hono baseline (bare-hono.ts) in its own process, with as many workers as the API. */
export async function startBareHono(workers: string) {
  const port = await freePort();
  const script = fileURLToPath(new URL('./bare-hono.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(port), WORKERS: workers } });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Hono exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('bare Hono did not answer in 30 s');
    if (await fetch(`${url}/health`).then((response) => response.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  // Also when the benchmark is stopped by a signal (seeded-api.ts exits after cleaning up).
  process.once('exit', stop);
  return { url, stop };
}
