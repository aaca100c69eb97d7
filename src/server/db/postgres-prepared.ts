import type postgres from 'postgres';

type Work = (sql: postgres.Sql) => unknown;
type Call = (...args: unknown[]) => unknown;

/**
 * At most this many statement texts are prepared in a process (a connection keeps each it has
 * run): one list of ids given with a new length, or a value written into a statement's text,
 * makes a new text, and postgres.js never forgets one while its connection lives. Past the bound
 * a new text is sent unprepared, as before, so the database's memory stays bounded whatever
 * requests arrive. Seedbed's own statements number a few hundred.
 */
export const MAX_PREPARED_TEXTS = 500;

/**
 * The postgres.js client drizzle is given: a statement with parameters is prepared once per
 * connection and run by its name after that, as postgres.js does by default.
 *
 * drizzle's postgres.js driver asks for a prepared statement only when a query is given a name
 * (`.prepare('name')`). Without one, postgres.js sends a statement with parameters in two round
 * trips, a parse and describe to learn the parameters' types and then the bind and execute, and
 * PostgreSQL plans it again every time: the runs list cost the server twice the CPU and half
 * the throughput (issue #36).
 *
 * A statement without parameters is sent as drizzle asks, unnamed and in one round trip: one
 * whose values are written into its text would otherwise be kept once for every value.
 * postgres.js keeps a connection's statements for the connection's life (30 to 60 minutes, its
 * max_lifetime) and prepares a statement again when a schema change has made its plan stale.
 * `?prepare=false` in the URL turns all of it off (postgres.js's setting for the connection wins).
 */
export function preparingStatements(sql: postgres.Sql, prepared = new Set<string>()): postgres.Sql {
  const shouldPrepare = (query: string, parameters: unknown) => {
    if (!Array.isArray(parameters) || parameters.length === 0) return false;
    if (prepared.has(query)) return true;
    if (prepared.size >= MAX_PREPARED_TEXTS) return false;
    prepared.add(query);
    return true;
  };
  // drizzle's transactions run on the client begin and savepoint hand their callback.
  const handingOn =
    (call: Call) =>
    (...args: unknown[]) => {
      const work = args.at(-1);
      if (typeof work !== 'function') return call(...args);
      return call(...args.slice(0, -1), (inner: postgres.Sql) => (work as Work)(preparingStatements(inner, prepared)));
    };
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'unsafe')
        // Any other call is passed on with its own arguments (postgres.js reads unsafe(query, options) by their number).
        return (...args: Parameters<postgres.Sql['unsafe']>) => {
          const [query, parameters, options] = args;
          return shouldPrepare(query, parameters) ? target.unsafe(query, parameters, { ...options, prepare: true }) : target.unsafe(...args);
        };
      if (property === 'begin' || property === 'savepoint') return handingOn(value as Call);
      return value;
    },
  });
}
