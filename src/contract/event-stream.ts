/** The live streams' timing, without zod: the console reads it on every page's first load. */

/**
 * Seedbed's event streams (`GET events`, and a run's log stream while the run goes) send a
 * comment line (`: heartbeat`) at least this often, so that a proxy keeps a quiet stream open and
 * a client can tell a quiet stream from one that stopped without closing.
 */
export const STREAM_HEARTBEAT_MS = 20_000;

/** A client gives a stream up as stopped once nothing came for this long: two heartbeats missed, and a little more for a busy server. */
export const STREAM_SILENT_LIMIT_MS = 2 * STREAM_HEARTBEAT_MS + 5000;
