/**
 * The bench's one autocannon runner (scripts/bench.mjs, scripts/bench/uncached.mjs, the write-load
 * part through `ctx.cannon`): `connections` clients for `seconds` against `url`, the way a browser asks
 * (brotli or gzip). `path` (optional) makes each request's path, e.g. a new cache key every time.
 */
import autocannon from 'autocannon';

/**
 * @param {string} url
 * @param {number} seconds
 * @param {{ headers?: Record<string, string>, connections?: number, path?: () => string }} [options]
 * @returns {Promise<{ rps: number, p50: number, p99: number, non2xx: number, errors: number }>}
 */
export function cannon(url, seconds, { headers = {}, connections = 64, path } = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        headers: { 'accept-encoding': 'br, gzip', ...headers },
        ...(path ? { requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] } : {}),
      },
      (err, res) =>
        err
          ? reject(err)
          : resolve({
              rps: Math.round(res.requests.average),
              p50: res.latency.p50,
              p99: res.latency.p99,
              non2xx: res.non2xx,
              errors: res.errors,
            }),
    );
  });
}
