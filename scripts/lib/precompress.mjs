/**
 * Astro integration: after a build, writes `name.br` and `name.gz` beside every compressible file of the
 * client output (scripts, styles, SVG, JSON, text), compressed once at the highest levels. The production
 * server answers those files from memory (src/server/http/static-files.ts) instead of compressing the same
 * bytes again on every request. A variant that saves nothing is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.html']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses what is worth it under `dir`; returns how many files got variants. */
export function precompressDir(dir) {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase()) || statSync(path).size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    count++;
  }
  return count;
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  let clientDir = '';
  return {
    name: 'damabwa:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': ({ logger }) => {
        const started = Date.now();
        const count = precompressDir(clientDir);
        logger.info(`brotli and gzip variants of ${count} files in ${Date.now() - started} ms`);
      },
    },
  };
}
