import type { MlflowKeyValue, MlflowMetric } from '../contract/mlflow';
import type { MlflowRunStatus } from '../contract/mlflow-url';
import type { RunEngineName, RunGroupKind, RunStatus } from '../contract/run-codes';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased so that sign-in and uniqueness ignore case. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** The sign-in before the last: what a signed-in user is shown as their last sign-in (null before a second). */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

/**
 * API tokens. Only the SHA-256 of a token is kept; the token itself is shown once: at sign-in for
 * a session (no name; it ends after 14 days unused), or when a user creates a named API token for
 * scripts and BrAPI clients (it ends at its expiry, if it has one, and outlives a password change).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Null for a sign-in session; the name its owner gave an API token. */
    name: text('name'),
    createdAt: createdAt(),
    /** Null for an API token not used yet (a session is used as it is issued). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    /** An API token's end (null: none); a session ends by going unused instead. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  // Sessions have no name, and so never clash in the second index (nulls are distinct).
  (table) => [uniqueIndex('auth_tokens_hash_unique').on(table.tokenHash), index('auth_tokens_user').on(table.userId), uniqueIndex('auth_tokens_user_name_unique').on(table.userId, table.name)],
);

/**
 * Events counted by rate limits (failed sign-ins, invitation attempts), kept in the database
 * so that every API instance sees the same count.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('rate_limit_hits_lookup').on(table.scope, table.key, table.createdAt)],
);

/** Invitations to join Seedbed. Only the SHA-256 of the link's token is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    note: text('note').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('invitations_token_hash_unique').on(table.tokenHash), index('invitations_email').on(table.email)],
);

/* Breeding data (BrAPI v2 names). Unique names are case-insensitive: lower(name) is indexed. */

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    leadName: text('lead_name'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('projects_name_unique').on(sql`lower(${table.name})`)],
);

export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    locationName: text('location_name').notNull(),
    abbreviation: text('abbreviation'),
    locationType: text('location_type').notNull(),
    countryCode: text('country_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    elevation: doublePrecision('elevation'),
    instituteName: text('institute_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('sites_name_unique').on(sql`lower(${table.locationName})`), index('sites_country').on(table.countryCode)],
);

export const experiments = pgTable(
  'experiments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'restrict' }),
    studyType: text('study_type').notNull(),
    season: text('season'),
    year: integer('year'),
    designType: text('design_type'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('experiments_name_unique').on(sql`lower(${table.name})`), index('experiments_project').on(table.projectId), index('experiments_site').on(table.siteId)],
);

export const accessions = pgTable(
  'accessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    germplasmName: text('germplasm_name').notNull(),
    accessionNumber: text('accession_number'),
    genus: text('genus').notNull(),
    species: text('species'),
    subtaxa: text('subtaxa'),
    pedigree: text('pedigree'),
    countryOfOriginCode: text('country_of_origin_code'),
    instituteCode: text('institute_code'),
    biologicalStatusOfAccessionCode: text('biological_status_of_accession_code'),
    synonyms: text('synonyms').array().notNull().default(sql`'{}'::text[]`),
    /** The synonyms lower-cased (seedbed_lower_array, migration 0003), indexed for imports. */
    synonymsLower: text('synonyms_lower').array().generatedAlwaysAs(sql`seedbed_lower_array(synonyms)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('accessions_name_unique').on(sql`lower(${table.germplasmName})`),
    // Sorted pages walk these instead of sorting the table.
    index('accessions_name').on(table.germplasmName),
    index('accessions_accession_number').on(table.accessionNumber),
    index('accessions_created_at').on(table.createdAt),
    index('accessions_genus_species').on(table.genus, table.species),
    index('accessions_genus_country').on(table.genus, table.countryOfOriginCode),
    index('accessions_country').on(table.countryOfOriginCode),
    index('accessions_status').on(table.biologicalStatusOfAccessionCode),
    // The near-duplicate key of imports: lower case, letters and digits only.
    index('accessions_name_key').on(sql`regexp_replace(lower(${table.germplasmName}), '[^[:alnum:]]+', '', 'g')`),
    // fastupdate off: a GIN pending list would be scanned whole by every lookup after a bulk import.
    index('accessions_synonyms_lower').using('gin', table.synonymsLower).with({ fastupdate: false }),
  ],
);

export const fileTypes = pgTable(
  'file_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    extensions: text('extensions').array().notNull(),
    mimeType: text('mime_type').notNull(),
    description: text('description'),
    requiredColumns: text('required_columns').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('file_types_name_unique').on(sql`lower(${table.name})`)],
);

export const crossPlans = pgTable(
  'cross_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    description: text('description'),
    status: text('status').notNull().default('planning'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('cross_plans_name_unique').on(sql`lower(${table.name})`), index('cross_plans_project').on(table.projectId)],
);

export const plannedCrosses = pgTable(
  'planned_crosses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    crossPlanId: integer('cross_plan_id')
      .notNull()
      .references(() => crossPlans.id, { onDelete: 'cascade' }),
    femaleParentId: integer('female_parent_id')
      .notNull()
      .references(() => accessions.id, { onDelete: 'restrict' }),
    maleParentId: integer('male_parent_id').references(() => accessions.id, { onDelete: 'restrict' }),
    crossType: text('cross_type').notNull(),
    numberOfCrosses: integer('number_of_crosses').notNull().default(1),
    status: text('status').notNull().default('TODO'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('planned_crosses_plan').on(table.crossPlanId), index('planned_crosses_female').on(table.femaleParentId), index('planned_crosses_male').on(table.maleParentId)],
);

/** The accessions an experiment tests (its entries: BrAPI's germplasm of a study). */
export const experimentEntries = pgTable(
  'experiment_entries',
  {
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    accessionId: integer('accession_id')
      .notNull()
      .references(() => accessions.id, { onDelete: 'restrict' }),
    addedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.accessionId] }), index('experiment_entries_accession').on(table.accessionId)],
);

/* Runs (Seqera Platform's workflow runs) and what the weblog tells of them. */

export const runGroups = pgTable(
  'run_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    /** group: any runs; discovery-benchmark and prediction-benchmark: runs of methods (models) × datasets, scored together. */
    kind: text('kind').$type<RunGroupKind>().notNull().default('group'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('run_groups_name_unique').on(sql`lower(${table.name})`)],
);

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const runs = pgTable(
  'runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    pipelineId: text('pipeline_id').notNull(),
    revision: text('revision').notNull(),
    engine: text('engine').notNull().$type<RunEngineName>(),
    /** SUBMITTED, RUNNING, SUCCEEDED, FAILED, CANCELLED or UNKNOWN. */
    status: text('status').notNull().default('SUBMITTED').$type<RunStatus>(),
    /** Why a run failed or was cancelled, in words for people. */
    statusReason: text('status_reason'),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    groupId: integer('group_id').references(() => runGroups.id, { onDelete: 'set null' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The experiment it analyses, when it is for one (its outputs are filed under it too). */
    experimentId: integer('experiment_id').references(() => experiments.id, { onDelete: 'set null' }),
    launchedById: integer('launched_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The SHA-256 of the secret its weblog posts carry. */
    weblogSecretHash: text('weblog_secret_hash').notNull(),
    /** The machine whose Seedbed started (or queued) the run: only it can re-attach to the process. */
    host: text('host').notNull().default(''),
    /** The process id of the engine's process while it runs (re-attached after a restart). */
    pid: integer('pid'),
    /** Nextflow's session id (weblog `runId`). */
    sessionId: text('session_id'),
    submittedAt: moment('submitted_at').notNull().defaultNow(),
    startedAt: moment('started_at'),
    completedAt: moment('completed_at'),
    /** `metadata.workflow.stats` of the latest weblog event that had it. */
    workflowStats: jsonb('workflow_stats').$type<Record<string, unknown>>(),
    /** When the outputs of a succeeded run were registered as stored files (recovery finishes what a restart cut off). */
    outputsRegisteredAt: moment('outputs_registered_at'),
    /** When the run's engine last reported on it (a weblog event): how long a nextflow run has been silent. */
    lastEventAt: moment('last_event_at'),
    /** The run this one continues (`resume`: Nextflow's -resume in its work directory) or repeats (`relaunch`). */
    relatedRunId: integer('related_run_id').references((): AnyPgColumn => runs.id, { onDelete: 'set null' }),
    relation: text('relation').$type<'resume' | 'relaunch'>(),
    /** The engine and its version as it reported itself (Nextflow's weblog `workflow.nextflow.version`; the built-in engine's Seedbed version). */
    engineVersion: text('engine_version'),
    /** The pipeline's commit, where the engine reports one (Nextflow's `workflow.commitId`). */
    commitId: text('commit_id'),
  },
  (table) => [
    index('runs_status').on(table.status),
    index('runs_submitted_at').on(table.submittedAt),
    index('runs_pipeline').on(table.pipelineId),
    index('runs_group').on(table.groupId),
    index('runs_project').on(table.projectId),
    index('runs_experiment').on(table.experimentId),
    index('runs_related_run').on(table.relatedRunId),
  ],
);

/** One row per Nextflow task (weblog `trace`), merged as events arrive in any order. */
export const runTasks = pgTable(
  'run_tasks',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    process: text('process').notNull(),
    name: text('name').notNull(),
    /** NEW, SUBMITTED, RUNNING, COMPLETED, FAILED, ABORTED or CACHED (Nextflow's task states). */
    status: text('status').notNull(),
    hash: text('hash'),
    exit: integer('exit'),
    submit: bigint('submit', { mode: 'number' }),
    start: bigint('start', { mode: 'number' }),
    complete: bigint('complete', { mode: 'number' }),
    duration: bigint('duration', { mode: 'number' }),
    realtime: bigint('realtime', { mode: 'number' }),
    cpuPercent: doublePrecision('cpu_percent'),
    peakRss: bigint('peak_rss', { mode: 'number' }),
    workdir: text('workdir'),
    /** The rest of what Nextflow's trace said of the task (script, container, requested resources, I/O), for its detail. */
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.taskId] }), index('run_tasks_process').on(table.runId, table.process)],
);

/** Stored files: uploads and the outputs runs produce, each of a file type. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Where the bytes are: local (storagePath relative to SEEDBED_DATA_DIR) or s3 (storagePath is the object key). */
    location: text('location').$type<'local' | 's3'>().notNull().default('local'),
    storagePath: text('storage_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    fileTypeId: integer('file_type_id').references(() => fileTypes.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    experimentId: integer('experiment_id').references(() => experiments.id, { onDelete: 'set null' }),
    runId: integer('run_id').references(() => runs.id, { onDelete: 'set null' }),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the individuals it names were read into file_individuals (null: not yet); a file's bytes never change, so once. */
    individualsIndexedAt: timestamp('individuals_indexed_at', { withTimezone: true, mode: 'date' }),
    /** Why its individuals could not be read, when they could not (it is not tried again). */
    individualsProblem: text('individuals_problem'),
  },
  (table) => [
    index('files_type').on(table.fileTypeId),
    index('files_project').on(table.projectId),
    index('files_run').on(table.runId),
    index('files_sha256').on(table.sha256),
    index('files_created').on(table.createdAt),
    uniqueIndex('files_storage_path_unique').on(table.location, table.storagePath),
    // The files the individuals sweep has yet to read, counted on an accession's page.
    index('files_individuals_unindexed').on(table.id).where(sql`${table.individualsIndexedAt} is null`),
  ],
);

/**
 * The individuals each stored file names (a VCF's samples, a table's id column), lower-cased, as
 * the individuals sweep read them once: an accession's page finds the files naming it here.
 */
export const fileIndividuals = pgTable(
  'file_individuals',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    nameLower: text('name_lower').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.nameLower] }), index('file_individuals_name').on(table.nameLower, table.fileId)],
);

/** A named set of stored files (the unit discovery and prediction results read), of a project or experiment. */
export const filesets = pgTable(
  'filesets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** files: any set; known-gdip and prediction-data: a benchmark dataset whose files were checked against each other. */
    kind: text('kind').$type<'files' | 'known-gdip' | 'prediction-data'>().notNull().default('files'),
    description: text('description'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    experimentId: integer('experiment_id').references(() => experiments.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('filesets_name_unique').on(sql`lower(${table.name})`), index('filesets_project').on(table.projectId)],
);

export const filesetFiles = pgTable(
  'fileset_files',
  {
    filesetId: integer('fileset_id')
      .notNull()
      .references(() => filesets.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    addedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.filesetId, table.fileId] }), index('fileset_files_file').on(table.fileId)],
);

/**
 * What a run read, recorded as it was launched: each stored file a parameter (or a samplesheet's
 * cell) named, with its checksum then, and the fileset it was taken from when the launch said so.
 * Lineage reads it; it is never rebuilt from names.
 */
export const runInputs = pgTable(
  'run_inputs',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    /** The parameter's name, or `<parameter>[row <n>].<column>` for a samplesheet's cell. */
    parameter: text('parameter').notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    filesetId: integer('fileset_id').references(() => filesets.id, { onDelete: 'set null' }),
    /** The file's SHA-256 when the run was launched. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.parameter] }), index('run_inputs_file').on(table.fileId), index('run_inputs_fileset').on(table.filesetId)],
);

/**
 * Resource rollups of runs that ended more than the weblog's late-report window ago, so that
 * recommendations and trends over a long history read one row per run and process (or per run
 * and quarter hour) instead of every task; runs not rolled up yet are read from their tasks.
 */
export const runUsageRollups = pgTable('run_usage_rollups', {
  runId: integer('run_id')
    .primaryKey()
    .references(() => runs.id, { onDelete: 'cascade' }),
  rolledAt: moment('rolled_at').notNull().defaultNow(),
});

/** One run's process: counts, largest use and request, and sums for the memory-on-input line and the requested hours. */
export const runProcessUsage = pgTable(
  'run_process_usage',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    process: text('process').notNull(),
    tasksOk: integer('tasks_ok').notNull(),
    killedMemory: integer('killed_memory').notNull(),
    killedTime: integer('killed_time').notNull(),
    coresMax: doublePrecision('cores_max'),
    peakMax: doublePrecision('peak_max'),
    realtimeMax: doublePrecision('realtime_max'),
    killedPeakMax: doublePrecision('killed_peak_max'),
    reqCpusMax: doublePrecision('req_cpus_max'),
    reqMemoryMax: doublePrecision('req_memory_max'),
    reqTimeMax: doublePrecision('req_time_max'),
    inputMin: doublePrecision('input_min'),
    inputMax: doublePrecision('input_max'),
    /** n, Σx, Σy, Σx², Σxy, Σy² of bytes read (x) and peak memory (y), both in GB. */
    fitN: integer('fit_n').notNull(),
    fitSx: doublePrecision('fit_sx'),
    fitSy: doublePrecision('fit_sy'),
    fitSxx: doublePrecision('fit_sxx'),
    fitSxy: doublePrecision('fit_sxy'),
    fitSyy: doublePrecision('fit_syy'),
    cpuReqHours: doublePrecision('cpu_req_hours'),
    cpuReqRealtime: doublePrecision('cpu_req_realtime'),
    gbReqHours: doublePrecision('gb_req_hours'),
    memoryReqRealtime: doublePrecision('memory_req_realtime'),
  },
  (table) => [primaryKey({ columns: [table.runId, table.process] })],
);

/** One run's CPU and memory use by the quarter hour (UTC) its tasks started in: a quarter hour starts a day in every time zone. */
export const runUsageSlots = pgTable(
  'run_usage_slots',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    slot: moment('slot').notNull(),
    cpuMs: doublePrecision('cpu_ms').notNull(),
    gbMs: doublePrecision('gb_ms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.slot] }), index('run_usage_slots_slot').on(table.slot)],
);

/** Secrets the instances on one database share, made once: the key that signs download links. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/* MLflow runs tracked beside Seedbed's: a snapshot read through MLflow's REST API. */

export const mlflowRuns = pgTable(
  'mlflow_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The tracking server, in one spelling (no trailing slash). */
    trackingUri: text('tracking_uri').notNull(),
    mlflowRunId: text('mlflow_run_id').notNull(),
    experimentId: text('experiment_id'),
    name: text('name').notNull(),
    /** MLflow's RunStatus: RUNNING, SCHEDULED, FINISHED, FAILED or KILLED. */
    status: text('status').notNull().$type<MlflowRunStatus>(),
    mlflowUser: text('mlflow_user'),
    startTime: moment('start_time'),
    endTime: moment('end_time'),
    artifactUri: text('artifact_uri'),
    params: jsonb('params').notNull().$type<MlflowKeyValue[]>(),
    tags: jsonb('tags').notNull().$type<MlflowKeyValue[]>(),
    /** `data.metrics` of runs/get: each metric's latest value, MLflow's NaN and ±Infinity as null. */
    latestMetrics: jsonb('latest_metrics').notNull().$type<MlflowMetric[]>(),
    runId: integer('run_id').references(() => runs.id, { onDelete: 'set null' }),
    refreshWhileRunning: boolean('refresh_while_running').notNull().default(true),
    refreshedAt: moment('refreshed_at').notNull().defaultNow(),
    refreshError: text('refresh_error'),
    /** When a refresh last took it up (one instance at a time refreshes a run). */
    refreshClaimedAt: moment('refresh_claimed_at'),
    deletedInMlflowAt: moment('deleted_in_mlflow_at'),
    trackedById: integer('tracked_by_id').references(() => users.id, { onDelete: 'set null' }),
    trackedAt: createdAt(),
  },
  (table) => [uniqueIndex('mlflow_runs_server_run_unique').on(table.trackingUri, table.mlflowRunId), index('mlflow_runs_run').on(table.runId), index('mlflow_runs_tracked_at').on(table.trackedAt)],
);

/** Every point of one metric of a tracked run, column by column in step order. */
export const mlflowMetricHistories = pgTable(
  'mlflow_metric_histories',
  {
    trackedRunId: integer('tracked_run_id')
      .notNull()
      .references(() => mlflowRuns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    points: integer('points').notNull(),
    history: jsonb('history').notNull().$type<{ steps: number[]; timestamps: number[]; values: Array<number | null> }>(),
  },
  (table) => [primaryKey({ columns: [table.trackedRunId, table.key] })],
);
