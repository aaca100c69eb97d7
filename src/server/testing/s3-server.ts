import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../storage/storage';

/**
 * A real S3-protocol server for tests (s3rver: buckets in a temporary folder, multipart uploads,
 * ranges, presigned links), so the S3 storage is tested through the AWS SDK over HTTP, never a
 * mock of the client. It does not check signatures.
 */
export async function startS3Server(bucket = 'seedbed-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const options: Omit<S3StorageOptions, 'cacheDir'> = {
    bucket,
    prefix: 'seedbed/',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  /** Keys of the objects in the bucket (s3rver keeps each as a file named after its key with a suffix). */
  const keys = (): string[] => {
    const root = path.join(directory, bucket);
    const found: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('._S3rver_object')) found.push(path.relative(root, full).slice(0, -'._S3rver_object'.length));
      }
    };
    if (fs.existsSync(root)) walk(root);
    return found;
  };
  return {
    options,
    keys,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
