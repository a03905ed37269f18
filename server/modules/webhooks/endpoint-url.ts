import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// In production a webhook goes out over HTTPS only (it carries customers' names and addresses), and never to
// this machine or a private network: an endpoint is a URL anyone with the admin password can type, and the shop
// must not become a way to reach what sits behind its firewall (SSRF). The address is checked when the URL is
// saved and again, after the DNS lookup, when each delivery connects (a name may point anywhere later).

const INTERNAL = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
] as const) {
  INTERNAL.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
] as const) {
  INTERNAL.addSubnet(network, bits, 'ipv6');
}

/** Whether `address` (an IP address) is loopback, private, link-local or unspecified. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isInternalAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why `url` may not be an endpoint in production, or null when it may. Outside production any http(s) URL may. */
export function endpointUrlProblem(url: string, production: boolean): string | null {
  if (!production) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'must start with https:// in production';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host)) {
    return 'must not point at a loopback, private or link-local address';
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for node:http(s) that refuses a name resolving to an internal address (production deliveries). */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const internal = addresses.find((entry) => isInternalAddress(entry.address));
    if (internal) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${internal.address}, an internal address`), { code: 'EINTERNAL' }),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
