import path from 'node:path';
import { z } from 'zod';
import { parseAllowedHosts } from './mlflow/address-policy';

/** One tracking server's credentials: basic auth or a bearer token, as MLflow's own client takes them. */
const mlflowCredentialSchema = z.union([
  z.object({ uri: z.url({ protocol: /^https?$/ }), username: z.string().min(1), password: z.string() }).strict(),
  z.object({ uri: z.url({ protocol: /^https?$/ }), token: z.string().min(1) }).strict(),
]);
const mlflowCredentialsSchema = z.array(mlflowCredentialSchema);
export type MlflowCredential = z.infer<typeof mlflowCredentialSchema>;

/** A comma-separated list, blanks dropped: `a, b,,c` is a, b, c. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** `true` or `false`, written so; false when unset. */
const flagOffByDefault = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/**
 * All configuration, read and validated once. Each variable carries the sentence a person
 * needs when it is wrong: what it is and how to fix it.
 */
const variables = {
  PORT: {
    schema: z.coerce.number().int().min(1).max(65535).default(4321),
    fix: 'Set PORT to a free TCP port between 1 and 65535, e.g. PORT=4321.',
    doc: 'Port the console and the API listen on.',
  },
  HOST: {
    schema: z.string().min(1).default('0.0.0.0'),
    fix: 'Set HOST to an interface address such as 127.0.0.1 or 0.0.0.0.',
    doc: 'Interface to listen on.',
  },
  DATABASE_URL: {
    schema: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    fix: 'Set DATABASE_URL to a PostgreSQL URL such as postgres://user@127.0.0.1:5432/seedbed, or unset it to use the embedded database.',
    doc: 'PostgreSQL connection URL. Unset: the embedded PGlite database under SEEDBED_DATA_DIR.',
  },
  SEEDBED_DATA_DIR: {
    schema: z.string().min(1).default('./data'),
    fix: 'Set SEEDBED_DATA_DIR to a writable folder, e.g. SEEDBED_DATA_DIR=./data.',
    doc: 'Folder for the embedded database and stored files.',
  },
  SEEDBED_ADMIN_EMAIL: {
    schema: z.email('must be an email address').optional(),
    fix: "Set SEEDBED_ADMIN_EMAIL to the first administrator's email address, e.g. admin@example.org.",
    doc: 'Email of the administrator created on first start.',
  },
  SEEDBED_ADMIN_PASSWORD: {
    schema: z.string().min(12, 'must be at least 12 characters').optional(),
    fix: 'Set SEEDBED_ADMIN_PASSWORD to at least 12 characters, or unset it to have a random one printed once.',
    doc: 'Password of the administrator created on first start.',
  },
  SEEDBED_PIPELINES_DIR: {
    schema: z.string().min(1).default('./pipelines'),
    fix: 'Set SEEDBED_PIPELINES_DIR to a folder holding one sub-folder per pipeline (pipeline.json and nextflow_schema.json), e.g. ./pipelines.',
    doc: 'The pipeline catalogue: one folder per pipeline with pipeline.json and nextflow_schema.json.',
  },
  SEEDBED_STATIC_DIR: {
    schema: z.string().min(1).default('./dist'),
    fix: 'Set SEEDBED_STATIC_DIR to the folder `astro build` wrote, e.g. ./dist.',
    doc: 'Folder of the built console and docs served beside the API.',
  },
  SEEDBED_TRUST_PROXY: {
    schema: flagOffByDefault,
    fix: 'Set SEEDBED_TRUST_PROXY to true (behind a reverse proxy that sets X-Forwarded-For) or false.',
    doc: 'Take the client address from X-Forwarded-For (for rate limits).',
  },
  SEEDBED_CORS_ORIGINS: {
    schema: commaList.pipe(z.array(z.url('must be a comma-separated list of origins'))),
    fix: 'Set SEEDBED_CORS_ORIGINS to the console origins allowed to call the API, e.g. https://seedbed.example.org.',
    doc: 'Origins of a console served from another host or CDN.',
  },
  SEEDBED_PUBLIC_URL: {
    schema: z.url('must be an absolute URL such as https://seedbed.example.org').optional(),
    fix: 'Set SEEDBED_PUBLIC_URL to the address people open Seedbed at, e.g. https://seedbed.example.org, or unset it to use HOST and PORT (http://localhost:PORT while HOST is 0.0.0.0 or ::).',
    doc: 'Address of the console, used in invitation links and emails; unset: http://HOST:PORT, or http://localhost:PORT (this machine only) while HOST is every interface.',
  },
  SEEDBED_SMTP_URL: {
    schema: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    fix: 'Set SEEDBED_SMTP_URL to your mail server, e.g. smtps://user:password@smtp.example.org:465, or unset it to pass invitation links on by hand.',
    doc: 'Mail server for invitation emails. Unset: no email is sent and the console shows the link to pass on.',
  },
  SEEDBED_SMTP_FROM: {
    schema: z.string().min(3).default('Seedbed <no-reply@seedbed.local>'),
    fix: 'Set SEEDBED_SMTP_FROM to a sender such as "Seedbed <seedbed@example.org>".',
    doc: 'Sender of invitation emails.',
  },
  SEEDBED_ENGINE: {
    schema: z.enum(['local', 'nextflow']).default('local'),
    fix: 'Set SEEDBED_ENGINE to local (the bundled implementations, on this machine) or nextflow (`nextflow run`, which must be on PATH).',
    doc: 'Run engine for pipelines whose pipeline.json names none: local or nextflow.',
  },
  SEEDBED_LOCAL_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(64).default(2),
    fix: 'Set SEEDBED_LOCAL_CONCURRENCY to how many local runs may run at once, from 1 to 64, e.g. 2.',
    doc: 'Local-engine runs at once; more wait in a queue.',
  },
  SEEDBED_API_URL: {
    schema: z.url('must be an absolute URL such as http://127.0.0.1:4321/api').optional(),
    fix: 'Set SEEDBED_API_URL to the API address that Nextflow and the local engine can reach, e.g. http://seedbed.internal:4321/api, or unset it for http://127.0.0.1:$PORT/api.',
    doc: 'API address the run engines post weblog events to (Nextflow may run elsewhere). Unset: http://127.0.0.1:$PORT/api.',
  },
  SEEDBED_INPUT_DIRS: {
    schema: commaList.pipe(z.array(z.string().refine((folder) => path.isAbsolute(folder), 'must be a comma-separated list of absolute folders'))),
    fix: 'Set SEEDBED_INPUT_DIRS to the absolute folders whose files runs may read besides stored files, separated by commas, e.g. /srv/genomes,/mnt/sequencer; never SEEDBED_DATA_DIR, a folder in it or one that holds it. Unset: runs read stored files only.',
    doc: 'Folders whose files (and samplesheet paths) runs may take as inputs besides stored files and the sample data of the catalogue; symbolic links leading out of them are refused.',
  },
  SEEDBED_NEXTFLOW_CONFIG: {
    schema: z.string().min(1).optional(),
    fix: 'Set SEEDBED_NEXTFLOW_CONFIG to a Nextflow config file (executor, queues, containers), or unset it.',
    doc: 'A Nextflow config file passed to every nextflow run with -c (executors: Slurm, Kubernetes, AWS Batch…).',
  },
  SEEDBED_MLFLOW_CREDENTIALS: {
    schema: z
      .string()
      .optional()
      .transform((text, context) => {
        if (!text) return [];
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          context.addIssue({ code: 'custom', message: 'is not JSON' });
          return z.NEVER;
        }
        const parsed = mlflowCredentialsSchema.safeParse(value);
        if (parsed.success) return parsed.data;
        const issue = parsed.error.issues[0];
        context.addIssue({ code: 'custom', message: `entry ${issue?.path.join('.') || ''}: ${issue?.message ?? 'is invalid'}` });
        return z.NEVER;
      }),
    fix: 'Set SEEDBED_MLFLOW_CREDENTIALS to a JSON list with one entry per tracking server, each with "uri" and either "username" and "password" (basic auth) or "token" (a bearer token), e.g. [{"uri":"https://mlflow.example.org","token":"…"}], or unset it.',
    secret: true,
    doc: 'Credentials for MLflow tracking servers that need them, matched by URI prefix. Never shown in the console or returned by the API.',
  },
  SEEDBED_MLFLOW_ALLOWED_HOSTS: {
    schema: z
      .string()
      .default('')
      .transform((text, context) => {
        const parsed = parseAllowedHosts(text);
        if ('hosts' in parsed) return parsed.hosts;
        context.addIssue({ code: 'custom', message: `has an entry that is wrong: ${parsed.problem}` });
        return z.NEVER;
      }),
    fix: 'Set SEEDBED_MLFLOW_ALLOWED_HOSTS to the tracking servers inside your network, comma-separated host names, IP addresses or CIDR ranges, e.g. mlflow.lab.internal,10.20.0.0/16, or unset it to allow public addresses only.',
    doc: 'Tracking servers on loopback, private, link-local or other non-public addresses that Seedbed may read MLflow runs from (host names, IP addresses, CIDR ranges). Unset: only public addresses; cloud metadata services stay refused unless named here.',
  },
  SEEDBED_MLFLOW_REFRESH_SECONDS: {
    schema: z.coerce.number().int().min(5).max(86400).default(30),
    fix: 'Set SEEDBED_MLFLOW_REFRESH_SECONDS to a whole number of seconds from 5 to 86400, e.g. 30.',
    doc: 'How often tracked MLflow runs that are still RUNNING are refreshed (when their "refresh while running" is on).',
  },
  SEEDBED_SILENT_RUN_MINUTES: {
    schema: z.coerce.number().int().min(1).max(10_080).default(10),
    fix: 'Set SEEDBED_SILENT_RUN_MINUTES to a whole number of minutes from 1 to 10080, e.g. 10.',
    doc: 'A nextflow run that this instance does not watch and that sends no event for this long becomes UNKNOWN, with the reason; its next event brings it back.',
  },
  SEEDBED_NEXTFLOW_WORK_DIR: {
    schema: z
      .string()
      .regex(/^(\/|s3:\/\/|gs:\/\/|az:\/\/)\S+$/, 'must be an absolute path or an s3://, gs:// or az:// address')
      .optional(),
    fix: "Set SEEDBED_NEXTFLOW_WORK_DIR to where cloud executors keep task files, e.g. s3://breeding-seedbed/work, or unset it to keep each run's work directory in its own folder.",
    doc: 'Base of the Nextflow work directories (each run uses run-<id> below it). AWS Batch and Google Batch need object storage here; unset, each run works in <run folder>/work.',
  },
  SEEDBED_MAX_UPLOAD_MB: {
    schema: z.coerce.number().int().min(1).max(10_000_000).default(102_400),
    fix: 'Set SEEDBED_MAX_UPLOAD_MB to the largest upload in megabytes, e.g. 102400 for 100 GB.',
    doc: 'Largest file one upload may hold, in MB (default 100 GB); a larger one is refused with 413 before its bytes are sent.',
  },
  SEEDBED_UPLOAD_EXPIRY_HOURS: {
    schema: z.coerce
      .number()
      .min(0.01)
      .max(24 * 365)
      .default(48),
    fix: 'Set SEEDBED_UPLOAD_EXPIRY_HOURS to how long an unfinished upload may wait to be resumed, in hours, e.g. 48.',
    doc: 'An unfinished (resumable) upload untouched this long is deleted with its bytes.',
  },
  SEEDBED_DOWNLOAD_LINK_SECONDS: {
    schema: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 86400)
      .default(900),
    fix: 'Set SEEDBED_DOWNLOAD_LINK_SECONDS to how long a download link works, in seconds, e.g. 900.',
    doc: 'How long a signed download link (or S3 presigned link) works once the console asks for it.',
  },
  SEEDBED_SECRET_KEY: {
    schema: z.string().min(32, 'must be at least 32 characters').optional(),
    fix: 'Set SEEDBED_SECRET_KEY to a random string of 32 characters or more, the same on every instance (e.g. the output of `openssl rand -base64 32`), or unset it to keep a key file in the data folder.',
    secret: true,
    doc: 'Secret the download-signing key is derived from. Instances behind one address (PostgreSQL) must share it. Unset: a random key in SEEDBED_DATA_DIR/secrets/download-signing.key (mode 0600). Never stored in the database.',
  },
  SEEDBED_STORAGE: {
    schema: z.enum(['folder', 's3']).default('folder'),
    fix: 'Set SEEDBED_STORAGE to folder (files under SEEDBED_DATA_DIR/files) or s3 (an S3-compatible bucket, with the SEEDBED_S3_ variables).',
    doc: 'Where uploaded files are kept: folder (under the data directory) or s3 (S3 or an S3-compatible server such as MinIO, Ceph or Garage).',
  },
  SEEDBED_S3_BUCKET: {
    schema: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens')
      .optional(),
    fix: 'Set SEEDBED_S3_BUCKET to the bucket that holds the files, e.g. seedbed-files.',
    doc: 'With SEEDBED_STORAGE=s3: the bucket (it must exist).',
  },
  SEEDBED_S3_PREFIX: {
    schema: z
      .string()
      .regex(/^[\w./-]*$/, 'must be letters, digits, dots, hyphens and slashes')
      .default(''),
    fix: 'Set SEEDBED_S3_PREFIX to a key prefix such as seedbed/, or unset it.',
    doc: 'With SEEDBED_STORAGE=s3: a prefix put before every key, to share a bucket.',
  },
  SEEDBED_S3_ENDPOINT: {
    schema: z.url('must be an absolute URL such as https://minio.example.org:9000').optional(),
    fix: 'Set SEEDBED_S3_ENDPOINT to the address of an S3-compatible server, e.g. https://minio.example.org:9000, or unset it for AWS S3.',
    doc: "With SEEDBED_STORAGE=s3: the server's address; unset, AWS S3 in SEEDBED_S3_REGION. Browsers download from it directly (presigned links), so it must be reachable from their network.",
  },
  SEEDBED_S3_REGION: {
    schema: z.string().min(1).default('us-east-1'),
    fix: 'Set SEEDBED_S3_REGION to the bucket’s region, e.g. eu-west-1.',
    doc: 'With SEEDBED_STORAGE=s3: the region (S3-compatible servers usually accept us-east-1).',
  },
  SEEDBED_S3_ACCESS_KEY_ID: {
    schema: z.string().min(1).optional(),
    fix: 'Set SEEDBED_S3_ACCESS_KEY_ID and SEEDBED_S3_SECRET_ACCESS_KEY to a key allowed to read, write and delete in the bucket, or unset both to use the machine’s own AWS credentials (instance role, AWS_PROFILE).',
    doc: 'With SEEDBED_STORAGE=s3: the access key; unset, the AWS SDK’s default credential chain.',
  },
  SEEDBED_S3_SECRET_ACCESS_KEY: {
    schema: z.string().min(1).optional(),
    fix: 'Set SEEDBED_S3_SECRET_ACCESS_KEY to the secret of SEEDBED_S3_ACCESS_KEY_ID.',
    secret: true,
    doc: 'With SEEDBED_STORAGE=s3: the secret key. Never shown.',
  },
  SEEDBED_S3_FORCE_PATH_STYLE: {
    schema: flagOffByDefault,
    fix: 'Set SEEDBED_S3_FORCE_PATH_STYLE to true for servers that address buckets by path (MinIO, Ceph, most self-hosted servers) or false for AWS.',
    doc: 'With SEEDBED_STORAGE=s3: address the bucket as endpoint/bucket/key instead of bucket.endpoint/key.',
  },
  SEEDBED_LOG_LEVEL: {
    schema: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    fix: 'Set SEEDBED_LOG_LEVEL to one of debug, info, warn, error.',
    doc: 'Least severe log level printed.',
  },
} as const;

type Variables = typeof variables;
export type Env = { [K in keyof Variables]: z.output<Variables[K]['schema']> };

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** Reads every variable; throws one ConfigurationError naming each bad variable and its fix. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const problems: string[] = [];
  const env: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(variables)) {
    const raw = source[name];
    const result = variable.schema.safeParse(raw === '' ? undefined : raw);
    if (result.success) {
      env[name] = result.data;
    } else {
      const reason = result.error.issues[0]?.message ?? 'is invalid';
      // Secrets are named, never echoed: the message ends up in logs.
      const got = 'secret' in variable ? 'value not shown' : `got ${JSON.stringify(raw)}`;
      problems.push(`${name} ${reason} (${got}). ${variable.fix}`);
    }
  }
  if (env.SEEDBED_STORAGE === 's3' && !env.SEEDBED_S3_BUCKET) problems.push(`SEEDBED_S3_BUCKET is required when SEEDBED_STORAGE=s3. ${variables.SEEDBED_S3_BUCKET.fix}`);
  if (Boolean(env.SEEDBED_S3_ACCESS_KEY_ID) !== Boolean(env.SEEDBED_S3_SECRET_ACCESS_KEY)) {
    problems.push(`SEEDBED_S3_ACCESS_KEY_ID and SEEDBED_S3_SECRET_ACCESS_KEY go together: set both, or neither. ${variables.SEEDBED_S3_ACCESS_KEY_ID.fix}`);
  }
  const dataDir = path.resolve(String(env.SEEDBED_DATA_DIR));
  const holds = (parent: string, child: string) => !path.relative(parent, child).startsWith('..') && !path.isAbsolute(path.relative(parent, child));
  for (const folder of (env.SEEDBED_INPUT_DIRS as string[] | undefined) ?? []) {
    // The data folder holds the database, the signing key and every run's secret; its stored files are inputs already.
    if (holds(path.resolve(folder), dataDir) || holds(dataDir, path.resolve(folder))) {
      problems.push(`SEEDBED_INPUT_DIRS lists ${folder}, which holds or lies in SEEDBED_DATA_DIR (${dataDir}): runs could read the database and its secrets. ${variables.SEEDBED_INPUT_DIRS.fix}`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigurationError(`Seedbed cannot start: bad configuration.\n  - ${problems.join('\n  - ')}`);
  }
  const parsed = env as Env;
  return {
    ...parsed,
    SEEDBED_DATA_DIR: path.resolve(parsed.SEEDBED_DATA_DIR),
    SEEDBED_STATIC_DIR: path.resolve(parsed.SEEDBED_STATIC_DIR),
    SEEDBED_PIPELINES_DIR: path.resolve(parsed.SEEDBED_PIPELINES_DIR),
  };
}

/** The configuration reference, for the administrator guide. */
export function describeEnv(): { name: string; doc: string; fix: string }[] {
  return Object.entries(variables).map(([name, variable]) => ({ name, doc: variable.doc, fix: variable.fix }));
}
