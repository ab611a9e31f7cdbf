/**
 * Where a webhook may go (issue 30, item 4). A URL must be https in production; its host must
 * not be, or resolve to, a loopback, private, link-local (cloud metadata: 169.254.169.254),
 * shared, multicast or reserved address. The check runs at send time on the addresses DNS
 * answers then, and the connection is made to the address that was checked (`lookup` below),
 * so a name that resolves to a public address for the check and to 127.0.0.1 for the
 * connection (DNS rebinding) cannot reach inside. WEBHOOKS_ALLOW_PRIVATE=1 lifts the address
 * rule, for tests and private deployments.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export interface UrlPolicy {
  /** NODE_ENV=production: only https. */
  requireHttps: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE=1: private and loopback addresses allowed. */
  allowPrivate: boolean;
}

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared (CGNAT); Alibaba's metadata 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: AWS, GCP, Azure metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local; AWS metadata fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one a webhook must not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Why a URL cannot be a webhook's, checked when it is saved; undefined when it can. */
export function urlProblem(value: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (policy.requireHttps && url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not hold a user name or password';
  const host = hostOf(url);
  if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    return 'must not point to a private, loopback or link-local address';
  }
  if (!policy.allowPrivate && isIP(host) && isBlockedAddress(host)) {
    return 'must not point to a private, loopback or link-local address';
  }
  return undefined;
}

export class UnsafeAddressError extends Error {}

export interface PinnedTarget {
  address: string;
  family: 4 | 6;
}

/** Resolves the URL's host now and checks every address DNS gives; the first is connected to. */
export async function resolveTarget(url: URL, policy: UrlPolicy): Promise<PinnedTarget> {
  const problem = urlProblem(url.toString(), policy);
  if (problem) throw new UnsafeAddressError(`The URL ${problem}`);
  const host = hostOf(url);
  const answers = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await dnsLookup(host, { all: true, verbatim: true });
  if (answers.length === 0) throw new UnsafeAddressError(`${host} has no address`);
  if (!policy.allowPrivate) {
    const blocked = answers.find((answer) => isBlockedAddress(answer.address));
    if (blocked) {
      throw new UnsafeAddressError(
        `${host} resolves to ${blocked.address}, a private, loopback or link-local address`,
      );
    }
  }
  return { address: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}

/** A `lookup` for http.request that answers the checked address, and nothing else. */
export function pinnedLookup(target: PinnedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}
