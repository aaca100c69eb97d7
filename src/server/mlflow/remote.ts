import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { type AllowedHosts, isAllowedName, NO_ALLOWED_HOSTS, normaliseHost, refusedAddress, refusedName } from './address-policy';

/**
 * One GET to a server a user named, read defensively: only to addresses the policy allows (the
 * address checked is the one connected to, resolved once per connection), never following
 * redirects, and with caps on the bytes on the wire, the bytes once decompressed and the time
 * the whole answer may take. Reading stops as soon as a cap is passed; nothing is buffered
 * beyond it. Every failure is a RemoteError of one kind.
 */

export type RemoteFailure =
  /** The address is one Seedbed does not connect to. */
  | 'refused'
  /** No answer: the name did not resolve, the connection failed or was reset, or no headers came in time. */
  | 'unreachable'
  /** Headers came, but the body did not end in time. */
  | 'timeout'
  /** The body is over a cap. */
  | 'too-large'
  /** The body broke off before its end. */
  | 'broken'
  /** The body is in an encoding Seedbed does not read, or does not decompress. */
  | 'undecodable';

export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(
    readonly failure: RemoteFailure,
    message: string,
    /** For `refused`: what the address is; for `too-large`: the cap passed. */
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has (dns.lookup by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface RemoteReaderOptions {
  allowedHosts?: AllowedHosts;
  resolve?: Resolver;
  /** How long one answer may take, from connecting to its last byte. */
  timeoutMs: number;
  /** The most bytes read off the wire. */
  maxBytes: number;
  /** The most bytes once decompressed. */
  maxInflatedBytes: number;
}

export interface RemoteAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Counts what passes through and fails as soon as the count passes `max`. */
function capped(max: number, detail: string) {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      total += chunk.length;
      if (total > max) callback(new RemoteError('too-large', `The answer is larger than ${detail}`, detail));
      else callback(null, chunk);
    },
  });
}

function decoderFor(encoding: string | undefined): Transform | null | 'unknown' {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  // zlib's defaults: a stream cut short fails at its end ("unexpected end of file").
  if (name === 'gzip' || name === 'x-gzip') return zlib.createGunzip();
  if (name === 'deflate') return zlib.createInflate();
  if (name === 'br') return zlib.createBrotliDecompress();
  return 'unknown';
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export function createRemoteReader({ allowedHosts = NO_ALLOWED_HOSTS, resolve = systemResolver, timeoutMs, maxBytes, maxInflatedBytes }: RemoteReaderOptions) {
  /**
   * net.connect's `lookup`: resolves once and hands the socket only addresses the policy allows,
   * so the address checked is the one connected to (a name that re-resolves elsewhere between a
   * check and the connection cannot slip through).
   */
  const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
    const reply = callback as (error: Error | null, address?: string | ResolvedAddress[], family?: number) => void;
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
        if (!isAllowedName(hostname, allowedHosts)) {
          for (const { address } of addresses) {
            const reason = refusedAddress(address, allowedHosts);
            if (reason) throw new RemoteError('refused', `${hostname} resolves to ${reason}`, `resolves to ${reason}`);
          }
        }
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (wanted.length === 0) throw Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' });
        if (options.all) reply(null, wanted);
        else reply(null, wanted[0]!.address, wanted[0]!.family);
      })
      .catch((error: Error) => reply(error));
  };

  /** Refuses before any connection what can be refused from the URL alone (an IP literal, a metadata name). */
  function checkUrl(url: URL) {
    const host = normaliseHost(url.hostname);
    const byName = refusedName(host, allowedHosts);
    if (byName) throw new RemoteError('refused', `${host} is ${byName}`, `is ${byName}`);
    // net.connect does not look up an IP literal, so the lookup above never sees it.
    if (net.isIP(host)) {
      const reason = refusedAddress(host, allowedHosts);
      if (reason) throw new RemoteError('refused', `${host} is ${reason}`, `is ${reason}`);
    }
  }

  async function get(target: URL, headers: Record<string, string>): Promise<RemoteAnswer> {
    checkUrl(target);
    const transport = target.protocol === 'https:' ? https : http;
    const controller = new AbortController();
    let answered = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await new Promise<http.IncomingMessage>((resolvePromise, reject) => {
        const request = transport.request(
          {
            protocol: target.protocol,
            hostname: normaliseHost(target.hostname),
            port: target.port || undefined,
            path: `${target.pathname}${target.search}`,
            method: 'GET',
            headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' },
            // A fresh connection each time: a pooled socket would skip the lookup's check.
            agent: false,
            lookup: guardedLookup,
            signal: controller.signal,
          },
          resolvePromise,
        );
        request.on('error', reject);
        request.end();
      }).catch((error: unknown) => {
        if (error instanceof RemoteError) throw error;
        if (error instanceof Error && error.cause instanceof RemoteError) throw error.cause;
        throw new RemoteError('unreachable', 'No answer', undefined, { cause: error });
      });
      answered = true;
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw new RemoteError('too-large', `The answer declares ${declared} bytes`, megabytes(maxBytes));
      }
      const decoder = decoderFor(response.headers['content-encoding']);
      if (decoder === 'unknown') {
        response.destroy();
        throw new RemoteError('undecodable', 'The answer is in an encoding Seedbed does not read', `the ${response.headers['content-encoding']} encoding`);
      }
      const chunks: Buffer[] = [];
      const collect = async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) chunks.push(chunk);
      };
      const wire = capped(maxBytes, megabytes(maxBytes));
      const inflated = capped(maxInflatedBytes, `${megabytes(maxInflatedBytes)} once decompressed`);
      await (decoder ? pipeline(response, wire, decoder, inflated, collect) : pipeline(response, wire, collect)).catch((error: unknown) => {
        if (error instanceof RemoteError) throw error;
        if (timedOut) throw new RemoteError('timeout', 'The answer did not end in time');
        if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_')) {
          throw new RemoteError('undecodable', 'The answer does not decompress', `${response.headers['content-encoding']} that does not decompress`, { cause: error });
        }
        throw new RemoteError('broken', 'The answer broke off', undefined, { cause: error });
      });
      if (!response.complete) throw new RemoteError('broken', 'The answer broke off');
      return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
    } catch (error) {
      if (timedOut && !(error instanceof RemoteError && error.failure !== 'unreachable' && error.failure !== 'broken')) {
        throw new RemoteError(answered ? 'timeout' : 'unreachable', 'No answer in time', undefined, { cause: error });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return { get, timeoutMs };
}

export type RemoteReader = ReturnType<typeof createRemoteReader>;
