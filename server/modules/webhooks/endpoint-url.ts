import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config';

// A webhook never goes to this machine or an internal network, in any mode, unless WEBHOOK_ALLOW_INTERNAL_ADDRESSES
// says so (tests and development, whose receivers listen on loopback): an endpoint is a URL anyone with the admin
// password can type, and the shop must not become a way to reach what sits behind its firewall (SSRF). In
// production it also goes out over HTTPS only (it carries customers' names and addresses). The address is checked
// when the URL is saved and again when each delivery connects: an IP literal as it stands, a name after its DNS
// lookup (a name may point anywhere later).

const INTERNAL = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking networks, often used inside data centres
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  INTERNAL.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address (any, internal ones too) behind a translator
  ['64:ff9b:1::', 48], // NAT64 for local use
  ['2002::', 16], // 6to4: an IPv4 address inside an IPv6 one
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
] as const) {
  INTERNAL.addSubnet(network, bits, 'ipv6');
}

/** What an endpoint may be in this configuration: production's HTTPS rule, and whether internal addresses may be. */
export interface EndpointRules {
  httpsOnly: boolean;
  allowInternal: boolean;
}

export const endpointRules = (config: Pick<Config, 'isProduction' | 'WEBHOOK_ALLOW_INTERNAL_ADDRESSES'>): EndpointRules => ({
  httpsOnly: config.isProduction,
  allowInternal: config.WEBHOOK_ALLOW_INTERNAL_ADDRESSES,
});

/** Whether `address` (an IP address) is loopback, private, link-local or unspecified. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isInternalAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of `url` without an IPv6 literal's brackets, lower case. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Why `url` may not be an endpoint under `rules`, or null when it may. */
export function endpointUrlProblem(url: string, rules: EndpointRules): string | null {
  const parsed = new URL(url);
  if (rules.httpsOnly && parsed.protocol !== 'https:') return 'must start with https:// in production';
  const host = hostOf(parsed);
  if (!rules.allowInternal && (host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host))) {
    return 'must not point at a loopback, private or link-local address';
  }
  return null;
}

/**
 * Why a delivery may not connect to `url`'s host when it is an IP literal that is internal, or null. Node connects
 * to an IP literal without a DNS lookup, so publicOnlyLookup never sees it: this is its check.
 */
export function internalLiteralProblem(url: URL): string | null {
  const host = hostOf(url);
  return isIP(host) !== 0 && isInternalAddress(host) ? `${host} is an internal address` : null;
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
