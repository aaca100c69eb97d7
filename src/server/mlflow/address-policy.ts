import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses Seedbed's server may connect to on a user's behalf. A tracking URI is typed by
 * any signed-in user, so without a rule the server would reach what only it can reach: its own
 * API on loopback, the private network, a cloud's metadata service. Only global unicast
 * addresses are open; an administrator opens more with SEEDBED_MLFLOW_ALLOWED_HOSTS (host names,
 * addresses or CIDR ranges), for a tracking server inside the network.
 */

export interface AllowedHosts {
  /** Host names, lower case, without a trailing dot. */
  names: ReadonlySet<string>;
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export const NO_ALLOWED_HOSTS: AllowedHosts = { names: new Set(), ranges: [] };

// Cloud metadata services by name (Google's, AWS's, Azure's and the bare names some images resolve).
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.internal']);

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host as written in a URL or a list: lower case, no brackets, no trailing dot. */
export const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * Reads SEEDBED_MLFLOW_ALLOWED_HOSTS: comma-separated host names, IP addresses and CIDR ranges.
 * Answers the first entry that is none of these.
 */
export function parseAllowedHosts(text: string): { hosts: AllowedHosts } | { problem: string } {
  const names = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of text.split(',')) {
    const entry = normaliseHost(raw);
    if (!entry) continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(normaliseHost(address));
    if (family !== 0 && rest.length === 0) {
      const parsed = ipaddr.parse(normaliseHost(address));
      const max = family === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
      if (!(prefix >= 0 && prefix <= max)) return { problem: `'${raw.trim()}' has a prefix length that is not 0 to ${max}` };
      ranges.push([parsed, prefix]);
    } else if (bits === undefined && HOST_NAME.test(entry)) {
      names.add(entry);
    } else {
      return { problem: `'${raw.trim()}' is not a host name, an IP address or a CIDR range` };
    }
  }
  return { hosts: { names, ranges } };
}

/** An allowed-hosts list from its entries, for tests and callers that know them to be valid. */
export function allowHosts(...entries: string[]): AllowedHosts {
  const parsed = parseAllowedHosts(entries.join(','));
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.hosts;
}

export const isAllowedName = (host: string, allowed: AllowedHosts) => allowed.names.has(normaliseHost(host));

/** Why a host name is refused before it is resolved, or null. */
export function refusedName(host: string, allowed: AllowedHosts): string | null {
  const name = normaliseHost(host);
  if (allowed.names.has(name) || !METADATA_NAMES.has(name)) return null;
  return 'a cloud metadata service';
}

const DESCRIPTIONS: Record<string, string> = {
  loopback: 'a loopback address (this machine)',
  unspecified: 'the unspecified address (this machine)',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address (where cloud metadata services answer)',
  carrierGradeNat: 'a shared carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

/**
 * Why Seedbed does not connect to this IP address, or null when it may: a global unicast
 * address, or one inside an allowed range. IPv4-mapped IPv6 (::ffff:127.0.0.1) is read as the
 * IPv4 address it carries.
 */
export function refusedAddress(address: string, allowed: AllowedHosts): string | null {
  const text = normaliseHost(address);
  if (!net.isIP(text)) return 'not an IP address';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const candidate = parsed;
  const inAllowedRange = allowed.ranges.some(([network, bits]) => {
    if (network.kind() === candidate.kind()) return candidate.match(network, bits);
    // An allowed IPv4 range covers the IPv4-mapped spelling of its addresses too.
    return (
      network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && candidate.kind() === 'ipv4' && candidate.match((network as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96))
    );
  });
  if (inAllowedRange) return null;
  const range = candidate.range();
  if (range === 'unicast') return null;
  return DESCRIPTIONS[range] ?? 'a reserved or special-purpose address';
}
