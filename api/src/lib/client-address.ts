/**
 * The key a client's address counts under in the limits. An IPv4 address is itself. An IPv6
 * address counts by its /64: one subscriber is usually given a whole /64, so counting single
 * IPv6 addresses would give one client 2^64 allowances. (An IPv4 address written as IPv6,
 * `::ffff:1.2.3.4`, is the IPv4 address.)
 */
import { isIPv6 } from 'node:net';

export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` filled in, a zone (`%eth0`) dropped. */
function expandIPv6(ip: string): string[] {
  const [address] = ip.toLowerCase().split('%');
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups; it only matters past the /64.
  const heads = groupsOf(head);
  const tails = groupsOf(tail);
  const missing = tail === undefined ? 0 : 8 - heads.length - tails.length;
  return [...heads, ...Array<string>(Math.max(0, missing)).fill('0'), ...tails].map((group) =>
    group.includes('.') ? group : parseInt(group, 16).toString(16),
  );
}
