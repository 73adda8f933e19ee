import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Which addresses a channel may post to (ALARM_WEBHOOK_ADDRESSES). */
export type AddressPolicy = 'no-loopback' | 'public' | 'any';

const local = new BlockList();
local.addSubnet('127.0.0.0', 8, 'ipv4');
local.addSubnet('169.254.0.0', 16, 'ipv4');
local.addSubnet('0.0.0.0', 8, 'ipv4');
local.addAddress('::1', 'ipv6');
local.addAddress('::', 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

const privateNets = new BlockList();
privateNets.addSubnet('10.0.0.0', 8, 'ipv4');
privateNets.addSubnet('172.16.0.0', 12, 'ipv4');
privateNets.addSubnet('192.168.0.0', 16, 'ipv4');
privateNets.addSubnet('100.64.0.0', 10, 'ipv4');
privateNets.addSubnet('fc00::', 7, 'ipv6');

/** An address the policy refuses (IPv4-mapped IPv6 judged as its IPv4). */
function refused(address: string, policy: AddressPolicy): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (local.check(ip, type)) return true;
  return policy === 'public' && privateNets.check(ip, type);
}

/**
 * Rejects with `blockedAddress` when `url`'s host is, or resolves to, an address the policy refuses: a
 * channel's address is typed by a console user, and its answer is shown back, so by default it must not
 * reach this machine or a cloud's metadata service. Checked before each attempt.
 */
export async function checkAddress(url: string, policy: AddressPolicy): Promise<void> {
  if (policy === 'any') return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some((a) => refused(a, policy)))
    throw Object.assign(new Error('blockedAddress'), { code: 'blockedAddress' });
}
