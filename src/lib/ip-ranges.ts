import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const ranges = (list: string[]): Range[] => list.map((cidr) => ipaddr.parseCIDR(cidr));

// Addresses a webhook must never reach (docs/webhooks.md, SSRF): this host, private networks,
// link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), and ranges that are not unicast.
const BLOCKED_V4 = ranges([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/3',
]);
// IPv6 blocked whole, beside the private and link-local kinds: the transition forms whose route is
// decided by an IPv4 address inside them (IPv4-compatible ::a.b.c.d, SIIT, 6to4, Teredo, NAT64)
// reach whatever they embed, loopback and metadata included, and no webhook receiver needs one
// (docs/decisions.md D60). Only IPv4-mapped (::ffff:a.b.c.d) is judged by the address it maps.
const BLOCKED_V6 = ranges([
  '::/96',
  '::ffff:0:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/32',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
]);

const inAny = (ip: ipaddr.IPv4 | ipaddr.IPv6, list: Range[]) =>
  list.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));

/** Whether `address` (an IP literal) lies outside every loopback, private, link-local and reserved range. */
export function isPublicAddress(address: string): boolean {
  // node's parser first: ipaddr.js also reads forms like 0x7f.1 that no resolver or URL hands us.
  if (isIP(address) === 0) return false;
  const ip = ipaddr.process(address.replace(/%.*$/, ''));
  return !inAny(ip, ip.kind() === 'ipv4' ? BLOCKED_V4 : BLOCKED_V6);
}

/**
 * The key a client address is counted under: an IPv4 address itself, an IPv6 address by its /64,
 * the block one subscriber or host gets (RFC 6177), so walking its 2^64 addresses gains nothing.
 */
export function clientNetwork(address: string): string {
  if (isIP(address) !== 6) return address;
  const ip = ipaddr.process(address.replace(/%.*$/, ''));
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
