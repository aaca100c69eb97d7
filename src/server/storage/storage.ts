import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the bytes of stored files live: a folder under the data directory, or an S3-compatible
 * bucket. Both take finished files from the upload staging folder (checked, hashed), serve byte
 * ranges, delete, and give pipelines a path on this machine. A file's row names its location, so
 * files stored before a switch of SEEDBED_STORAGE stay readable.
 */

export type StorageLocation = 'local' | 's3';

/** Inclusive byte positions, as HTTP's Range header counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  readonly location: StorageLocation;
  /** Where, in words for logs and the administrator: a folder, or s3://bucket/prefix. */
  readonly description: string;
  /** Takes a finished local file under `key`; the local file is gone afterwards. */
  adopt(localFile: string, key: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A link that reaches the bytes without Seedbed (an S3 presigned URL), or null where the API serves them. */
  presign(key: string, filename: string, seconds: number): Promise<string | null>;
  /** The file as a path on this machine, as pipelines are given it; fetched from the bucket into a cache first if need be. */
  localPath(key: string): string;
  materialise(key: string): Promise<string>;
}

/** Files under the data directory; keys are paths relative to it (as `files.storage_path` holds them). */
export function createFolderStorage(dataDir: string): FileStorage {
  const full = (key: string) => {
    const target = path.resolve(dataDir, key);
    if (!target.startsWith(path.resolve(dataDir) + path.sep)) throw new Error(`The storage key ${key} leaves the data directory.`);
    return target;
  };
  return {
    location: 'local',
    description: `the folder ${dataDir}`,
    async adopt(localFile, key) {
      const target = full(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // The staging folder is under the data directory too: a rename, not a copy.
      await fs.promises.rename(localFile, target);
    },
    async read(key, range) {
      return fs.createReadStream(full(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      const target = full(key);
      await fs.promises.rm(target, { force: true });
      // The file's own folder (files/<uuid>/) goes with it when empty.
      await fs.promises.rmdir(path.dirname(target)).catch(() => undefined);
    },
    async exists(key) {
      return fs.promises.stat(full(key)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
    async presign() {
      return null;
    },
    localPath: full,
    async materialise(key) {
      return full(key);
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  prefix?: string;
  endpoint?: string | undefined;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where objects are cached for pipelines that read them on this machine. */
  cacheDir: string;
}

/** Objects in an S3-compatible bucket, written with multipart uploads (any size) and read by range. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => `${prefix}${key}`;
  const cached = (key: string) => path.join(options.cacheDir, key);
  return {
    location: 's3',
    description: `s3://${Bucket}/${prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    async adopt(localFile, key) {
      // 16 MB parts, four at a time: 10,000 parts reach 160 GB, and memory stays near 64 MB.
      const upload = new Upload({ client, params: { Bucket, Key: objectKey(key), Body: fs.createReadStream(localFile) }, partSize: 16 * 1024 * 1024, queueSize: 4 });
      await upload.done();
      await fs.promises.rm(localFile, { force: true });
    },
    async read(key, range) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      return answer.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      await fs.promises.rm(cached(key), { force: true });
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async presign(key, filename, seconds) {
      const disposition = `attachment; filename="${filename.replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key), ResponseContentDisposition: disposition }), { expiresIn: seconds });
    },
    localPath: cached,
    async materialise(key) {
      const target = cached(key);
      if (fs.existsSync(target)) return target;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.part-${process.pid}`;
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      await pipeline(answer.Body as Readable, fs.createWriteStream(partial));
      await fs.promises.rename(partial, target);
      return target;
    },
  };
}

/** Both locations, and the one new uploads go to. */
export interface Storages {
  local: FileStorage;
  s3: FileStorage | null;
  /** Where new uploads are kept (SEEDBED_STORAGE). */
  uploads: FileStorage;
}

export function storagesFor(dataDir: string, s3?: Omit<S3StorageOptions, 'cacheDir'>): Storages {
  const local = createFolderStorage(dataDir);
  const bucket = s3 ? createS3Storage({ ...s3, cacheDir: path.join(dataDir, 's3-cache') }) : null;
  return { local, s3: bucket, uploads: bucket ?? local };
}

export function storageAt(storages: Storages, location: StorageLocation): FileStorage {
  if (location === 'local') return storages.local;
  if (!storages.s3) throw new Error('This file is in S3 storage, and SEEDBED_STORAGE=s3 is not configured on this server.');
  return storages.s3;
}

/** A web stream of a node stream, for Hono's c.body. */
export const webStreamOf = (stream: Readable) => Readable.toWeb(stream) as ReadableStream;
