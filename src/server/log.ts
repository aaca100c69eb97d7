export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout/stderr, so that log shippers can read it as is. */
export function createLogger(level: LogLevel = 'info', write = defaultWrite): Logger {
  const emit =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[at] < ORDER[level]) return;
      write(at, JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields }));
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

function defaultWrite(level: LogLevel, line: string): void {
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const silentLogger: Logger = createLogger('error', () => {});

const MAX_LOGGED_QUERY = 1000;

/**
 * An error as a log line may carry it. A failed database query names its statement (cut to 1,000
 * characters) and the number and size of its parameters, never their values: those can be a
 * password hash, a token hash or a whole imported CSV. The database's own words come from the cause.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const query = (error as { query?: unknown }).query;
  const params = (error as { params?: unknown }).params;
  if (typeof query === 'string' && Array.isArray(params)) {
    const bytes = params.reduce<number>((total, value) => total + Buffer.byteLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')), 0);
    const statement = query.length > MAX_LOGGED_QUERY ? `${query.slice(0, MAX_LOGGED_QUERY)}… (${query.length} characters)` : query;
    const cause = error.cause instanceof Error ? error.cause.message : error.cause === undefined ? 'unknown' : String(error.cause);
    const frames = (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .join('\n');
    return `Failed query: ${statement} [${params.length} parameters, ${bytes} bytes; values not logged]\ncause: ${cause}${frames ? `\n${frames}` : ''}`;
  }
  return error.stack ?? error.message;
}
