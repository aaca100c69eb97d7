import { z } from 'zod';
import { RUN_STATUSES } from './run-codes';
import { runSummarySchema } from './runs';

/**
 * The live event stream (`GET events`, server-sent events): what changed in runs, pushed to every
 * open page. Each message's `event:` line is the `type` below and its `data:` line the JSON.
 * A client that (re)connects reads the state it shows again after `ready`: nothing is replayed.
 */

export const readyEventSchema = z.object({ type: z.literal('ready'), at: z.string().describe('When the stream opened, ISO 8601') }).describe('Sent first on every connection');

export const runEventSchema = z
  .object({
    type: z.literal('run'),
    created: z.boolean().describe('A new run'),
    run: runSummarySchema,
  })
  .describe('A run as it is now: sent when it is launched, when its row changes, and (at most four times a second) while its tasks change');

export const runStatusEventSchema = z
  .object({
    type: z.literal('status'),
    id: z.number().int(),
    status: z.enum(RUN_STATUSES),
    previous: z.enum(RUN_STATUSES).nullable(),
  })
  .describe('Every status change of a run, in the order they were stored, even those quicker than a run event');

export const runDeletedEventSchema = z.object({ type: z.literal('deleted'), id: z.number().int() }).describe('A run was deleted');

export const liveEventSchema = z.discriminatedUnion('type', [readyEventSchema, runEventSchema, runStatusEventSchema, runDeletedEventSchema]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type RunEvent = z.infer<typeof runEventSchema>;

/** The log stream (`GET runs/{id}/log/stream`): the log's new text as it is written, then `end` once the run has ended. */
export const logChunkEventSchema = z.object({ type: z.literal('log'), text: z.string(), nextOffset: z.number().int() }).describe('Text appended to the log, from the offset asked for on');
export const logEndEventSchema = z.object({ type: z.literal('end') }).describe('The run has ended and its whole log has been sent');
export const logEventSchema = z.discriminatedUnion('type', [logChunkEventSchema, logEndEventSchema]);
export type LogEvent = z.infer<typeof logEventSchema>;
