/**
 * Cost of one access-token verification (the hot path of every member request) and of one signing:
 * `npx tsx scripts/bench/jwt-verify.ts [iterations]`. Prints microseconds per call, median of 5 rounds.
 */
import { signJwt, verifyJwt } from '#server/auth/jwt';

const iterations = Number(process.argv[2] ?? 20_000);
const secret = 'a-benchmark-secret-that-is-long-enough-for-hs256-0123456789';
const claims = { sub: '42', roles: ['USER'], type: 'ACCESS' as const, sid: '00000000-0000-4000-8000-000000000000' };

async function perCall(fn: () => unknown): Promise<number> {
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await fn();
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / iterations);
  }
  return rounds.sort((a, b) => a - b)[2] ?? 0;
}

/** Throughput with 64 verifications in flight (Web Crypto runs off the main thread): µs per call. */
async function perCallConcurrent(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i += 64) await Promise.all(Array.from({ length: 64 }, fn));
  const used = process.cpuUsage(cpu);
  return {
    wall: Number(process.hrtime.bigint() - start) / 1000 / iterations,
    cpu: (used.user + used.system) / iterations,
  };
}

const token = await signJwt(claims, secret, 1800);
for (let i = 0; i < 2000; i++) await verifyJwt(token, secret); // warm-up
if (!(await verifyJwt(token, secret))) throw new Error('the benchmark token does not verify');
const verify = await perCall(() => verifyJwt(token, secret));
const sign = await perCall(() => signJwt(claims, secret, 1800));
const parallel = await perCallConcurrent(async () => verifyJwt(token, secret));
console.log(`verify: ${verify.toFixed(2)} µs/call   sign: ${sign.toFixed(2)} µs/call   (${iterations} × 5 rounds)`);
console.log(
  `verify, 64 in flight: ${parallel.wall.toFixed(2)} µs/call wall, ${parallel.cpu.toFixed(2)} µs/call CPU (all threads)`,
);
