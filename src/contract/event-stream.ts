/** The live event stream's timing, without zod: the console reads it on every page's first load. */

/**
 * The stream (`GET events`) sends a comment line (`: heartbeat`) at least this often, so that a
 * proxy keeps a quiet stream open and a client can tell a quiet stream from one that stopped
 * without closing.
 */
export const EVENTS_HEARTBEAT_MS = 20_000;
