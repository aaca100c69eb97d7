import type postgres from 'postgres';

type Work = (sql: postgres.Sql) => unknown;

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
 */
export function preparingStatements(sql: postgres.Sql): postgres.Sql {
  // drizzle's transactions run on the client begin and savepoint hand their callback.
  const handingOn =
    (call: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const work = args.pop() as Work;
      return call(...args, (inner: postgres.Sql) => work(preparingStatements(inner)));
    };
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, parameters && parameters.length > 0 ? { ...options, prepare: true } : options);
      if (property === 'begin' || property === 'savepoint') return handingOn(Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown);
      return Reflect.get(target, property, receiver);
    },
  });
}
