import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { allowHosts, NO_ALLOWED_HOSTS, parseAllowedHosts, refusedAddress, refusedName } from './address-policy';

describe('which addresses are open without an allowance', () => {
  it('opens global unicast addresses only', () => {
    for (const address of ['8.8.8.8', '151.101.1.69', '2606:4700:4700::1111']) expect(refusedAddress(address, NO_ALLOWED_HOSTS)).toBeNull();
    const refused: Array<[string, string]> = [
      ['127.0.0.1', 'a loopback address (this machine)'],
      ['127.8.9.10', 'a loopback address (this machine)'],
      ['::1', 'a loopback address (this machine)'],
      ['0.0.0.0', 'the unspecified address (this machine)'],
      ['::', 'the unspecified address (this machine)'],
      ['10.0.0.5', 'a private network address'],
      ['172.31.255.1', 'a private network address'],
      ['192.168.0.1', 'a private network address'],
      ['fd00::1', 'a private network address'],
      ['fc12::7', 'a private network address'],
      ['169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
      ['fe80::1', 'a link-local address (where cloud metadata services answer)'],
      ['100.100.100.200', 'a shared carrier-grade NAT address'],
      ['224.0.0.1', 'a multicast address'],
      ['255.255.255.255', 'the broadcast address'],
      ['192.0.2.10', 'a reserved or special-purpose address'],
      ['64:ff9b::a00:5', 'a reserved or special-purpose address'],
    ];
    for (const [address, what] of refused) expect({ address, why: refusedAddress(address, NO_ALLOWED_HOSTS) }).toEqual({ address, why: what });
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(refusedAddress('::ffff:127.0.0.1', NO_ALLOWED_HOSTS)).toBe('a loopback address (this machine)');
    expect(refusedAddress('[::ffff:7f00:1]', NO_ALLOWED_HOSTS)).toBe('a loopback address (this machine)');
    expect(refusedAddress('::ffff:a9fe:a9fe', NO_ALLOWED_HOSTS)).toBe('a link-local address (where cloud metadata services answer)');
    expect(refusedAddress('::ffff:8.8.8.8', NO_ALLOWED_HOSTS)).toBeNull();
  });

  it('refuses cloud metadata services by name, in any case and with a trailing dot', () => {
    for (const name of ['metadata.google.internal', 'METADATA.google.internal.', 'metadata', 'instance-data']) expect(refusedName(name, NO_ALLOWED_HOSTS)).toBe('a cloud metadata service');
    expect(refusedName('mlflow.example.org', NO_ALLOWED_HOSTS)).toBeNull();
    expect(refusedName('metadata.google.internal', allowHosts('metadata.google.internal'))).toBeNull();
  });
});

describe('SEEDBED_MLFLOW_ALLOWED_HOSTS', () => {
  it('opens names, addresses and ranges, an IPv4 range in its IPv4-mapped spelling too', () => {
    const allowed = allowHosts(' MLflow.Lab.Internal ', '10.20.0.0/16', '127.0.0.1', '[fd00:ab::1]', 'fd12::/16');
    expect([...allowed.names]).toEqual(['mlflow.lab.internal']);
    expect(refusedAddress('10.20.3.4', allowed)).toBeNull();
    expect(refusedAddress('::ffff:10.20.3.4', allowed)).toBeNull();
    expect(refusedAddress('10.21.0.1', allowed)).toBe('a private network address');
    expect(refusedAddress('127.0.0.1', allowed)).toBeNull();
    expect(refusedAddress('127.0.0.2', allowed)).toBe('a loopback address (this machine)');
    expect(refusedAddress('fd00:ab::1', allowed)).toBeNull();
    expect(refusedAddress('fd12:1::9', allowed)).toBeNull();
  });

  it('names the entry that is none of these', () => {
    expect(parseAllowedHosts('mlflow.lab,not a host')).toEqual({ problem: "'not a host' is not a host name, an IP address or a CIDR range" });
    expect(parseAllowedHosts('10.0.0.0/33')).toEqual({ problem: "'10.0.0.0/33' has a prefix length that is not 0 to 32" });
    expect(parseAllowedHosts('http://mlflow.lab')).toEqual({ problem: "'http://mlflow.lab' is not a host name, an IP address or a CIDR range" });
    expect(() => readEnv({ SEEDBED_MLFLOW_ALLOWED_HOSTS: 'mlflow.lab, 10.0.0.0/8, http://x' })).toThrow(
      /SEEDBED_MLFLOW_ALLOWED_HOSTS has an entry that is wrong: 'http:\/\/x' is not a host name, an IP address or a CIDR range \(got "mlflow.lab, 10.0.0.0\/8, http:\/\/x"\)\. Set SEEDBED_MLFLOW_ALLOWED_HOSTS to the tracking servers inside your network/,
    );
    expect(readEnv({ SEEDBED_MLFLOW_ALLOWED_HOSTS: 'mlflow.lab,10.0.0.0/8' }).SEEDBED_MLFLOW_ALLOWED_HOSTS.names).toEqual(new Set(['mlflow.lab']));
  });
});
