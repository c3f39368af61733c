/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, NCP/Naver Object Storage, …) over plain
 * fetch with SigV4 request signing (aws4fetch). Objects are written with a year-long immutable
 * Cache-Control, since keys are content-hashed. Browsers load them from S3_PUBLIC_BASE_URL (a CDN in
 * front of the bucket) or, without it, straight from the bucket's URL.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertValidStorageKey, contentTypeForKey, type Storage, type StoredObject } from './types';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` (true) or `https://bucket.endpoint/key` (false). */
  forcePathStyle: boolean;
  /** Base URL browsers use, e.g. a CDN; empty means the bucket's own URL. */
  publicBaseUrl: string;
  /** Per request, including retries. */
  timeoutMs?: number;
}

export class S3StorageError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    detail: string,
  ) {
    super(`S3 ${operation} failed with ${status}: ${detail.slice(0, 300)}`);
    this.name = 'S3StorageError';
  }
}

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
    initRetryMs: 100,
  });
  const timeoutMs = options.timeoutMs ?? 15_000;
  const endpoint = new URL(options.endpoint);
  const endpointPath = endpoint.pathname.replace(/\/+$/, '');

  const objectUrl = (key: string): string => {
    assertValidStorageKey(key);
    if (options.forcePathStyle) {
      return `${endpoint.origin}${endpointPath}/${encodeURIComponent(options.bucket)}/${key}`;
    }
    const port = endpoint.port ? `:${endpoint.port}` : '';
    return `${endpoint.protocol}//${options.bucket}.${endpoint.hostname}${port}${endpointPath}/${key}`;
  };
  const publicBase = options.publicBaseUrl.replace(/\/+$/, '');

  const send = async (operation: string, key: string, init: RequestInit): Promise<Response> => {
    try {
      return await client.fetch(objectUrl(key), { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new S3StorageError(operation, 0, err instanceof Error ? err.message : String(err));
    }
  };

  const fail = async (operation: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    throw new S3StorageError(operation, res.status, text);
  };

  return {
    driver: 's3',

    async put(key, bytes, contentType) {
      const res = await send('PUT', key, {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: {
          'Content-Type': contentType,
          'Cache-Control': IMMUTABLE_CACHE_CONTROL,
          'Content-Length': String(bytes.byteLength),
          'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!res.ok) await fail('PUT', res);
      await res.body?.cancel();
    },

    async get(key) {
      const res = await send('GET', key, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail('GET', res);
      return new Uint8Array(await res.arrayBuffer());
    },

    async stream(key): Promise<StoredObject | null> {
      const res = await send('GET', key, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) await fail('GET', res);
      const length = Number(res.headers.get('content-length'));
      return {
        body: res.body as ReadableStream<Uint8Array>,
        contentType: res.headers.get('content-type') ?? contentTypeForKey(key),
        size: Number.isFinite(length) && length >= 0 && res.headers.has('content-length') ? length : null,
      };
    },

    async delete(key) {
      const res = await send('DELETE', key, { method: 'DELETE' });
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw new S3StorageError('DELETE', res.status, res.statusText);
    },

    publicUrl(key) {
      assertValidStorageKey(key);
      return publicBase ? `${publicBase}/${key}` : objectUrl(key);
    },
  };
}
