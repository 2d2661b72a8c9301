import { DEMO_ACCOUNTS } from '@psc/db';
import { formatLatencies, runLoad, signIn, startBenchmarkApi } from './support';

// `npm run bench -- auth`: password sign-ins per second, and the latency of an authenticated
// GET at 100 concurrent clients, on real PostgreSQL.

const SIGN_IN_CLIENTS = Number(process.env.BENCH_SIGN_IN_CLIENTS ?? 8);
const SIGN_IN_SECONDS = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 10);
const GET_CLIENTS = Number(process.env.BENCH_GET_CLIENTS ?? 100);
const GET_SECONDS = Number(process.env.BENCH_GET_SECONDS ?? 20);

export async function benchAuth() {
  const api = await startBenchmarkApi();
  const { url } = api;
  const signInCandidate = () => signIn(url, 'candidate', DEMO_ACCOUNTS.candidate.username, DEMO_ACCOUNTS.candidate.password);
  try {
    console.log(`auth benchmark on PostgreSQL (${api.databaseLabel}), API in its own process, Node ${process.version}`);

    await runLoad(4, 2, async () => void (await signInCandidate())); // warm-up
    const signIns = await runLoad(SIGN_IN_CLIENTS, SIGN_IN_SECONDS, async () => void (await signInCandidate()));
    console.log(
      `sign-ins (argon2id verify + token issue): ${signIns.perSecond.toFixed(1)}/s with ${SIGN_IN_CLIENTS} concurrent clients over ${SIGN_IN_SECONDS} s; ` +
        `${formatLatencies(signIns)}; errors ${signIns.errors}`,
    );

    const tokens = await Promise.all(Array.from({ length: GET_CLIENTS }, signInCandidate));
    const authenticatedGet = async (client: number) => {
      const response = await fetch(`${url}/api/oauth/privileges/get/init`, { headers: { authorization: `Bearer ${tokens[client]}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(String(response.status));
    };
    await runLoad(GET_CLIENTS, 2, authenticatedGet); // warm-up
    const gets = await runLoad(GET_CLIENTS, GET_SECONDS, authenticatedGet);
    console.log(
      `authenticated GET /api/oauth/privileges/get/init at ${GET_CLIENTS} concurrent clients over ${GET_SECONDS} s: ` +
        `${gets.perSecond.toFixed(0)} req/s; ${formatLatencies(gets)}; errors ${gets.errors}`,
    );
  } finally {
    await api.stop();
  }
}
