/**
 * An S3-compatible server for tests: fauxqs (npm) started in-process on 127.0.0.1 and a free port,
 * with one bucket created through the S3 API itself.
 */
import { AwsClient } from 'aws4fetch';
import { buildApp } from 'fauxqs';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'damabwa-test'): Promise<TestS3> {
  const app = buildApp({ logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const endpoint = new URL(address).origin;
  const credentials = { accessKeyId: 'test', secretAccessKey: 'test', region: 'us-east-1' };
  const client = new AwsClient({ ...credentials, service: 's3', retries: 0 });
  const res = await client.fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
  if (!res.ok) throw new Error(`CreateBucket answered ${res.status}: ${await res.text()}`);
  return {
    endpoint,
    bucket,
    ...credentials,
    async stop() {
      await app.close();
    },
  };
}
