import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import type { Logger } from '../logger';

/**
 * The key every per-client limit counts under, from the client's address (express's req.ip: behind a proxy
 * TRUST_PROXY names, the forwarded address). IPv4 as is. IPv6 by its /64: one subscriber or host is given a whole
 * /64 and picks any address in it, so keying the exact address would give a card tester 2^64 fresh clients.
 * An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, a dual-stack socket's) is that IPv4 address.
 */
export function clientKeyOf(address: string | undefined): string {
  const bare = withoutPort(address?.trim() ?? '');
  if (isIPv4(bare)) return bare;
  const unzoned = bare.split('%')[0] ?? '';
  if (!isIPv6(unzoned)) return 'unknown';
  const groups = ipv6Groups(unzoned.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The client key of a request, from express's `req.ip` (the forwarded address behind a proxy TRUST_PROXY names). */
export function clientKey(req: Request, forwarding?: ForwardingCheck): string {
  forwarding?.check(req);
  return clientKeyOf(req.ip ?? req.socket.remoteAddress);
}

// Some balancers forward `1.2.3.4:5678` or `[2001:db8::1]:5678`; the port is not part of who the client is.
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return v4 ? v4[1]! : address;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head, tail] = address.split('::');
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The trap of a balancer TRUST_PROXY does not name: every request then comes from the balancer's address, so every
 * buyer shares one client's limits (ten card payments in ten minutes for the whole shop). A request carrying
 * X-Forwarded-For from a peer that is not trusted is the sign of it: this instance logs a warning once and keeps it
 * for the admin dashboard. Per instance, not in the database: behind such a balancer every instance sees it on
 * every request, and the admin's own requests show it too (the dashboard's stats check their own request).
 */
export class ForwardingCheck {
  private untrustedPeer: string | undefined;

  constructor(private readonly logger: Logger) {}

  check(req: Request): void {
    if (this.untrustedPeer !== undefined || !req.headers['x-forwarded-for']) return;
    // express lists the forwarded addresses only from a trusted peer on (req.ips is empty otherwise).
    if (req.ips.length > 0) return;
    const peer = req.socket.remoteAddress ?? 'unknown';
    this.untrustedPeer = peer;
    this.logger.warn({ peer }, untrustedPeerWarning(peer));
  }

  /** What the admin is told, once this instance has seen such a request. */
  get warning(): string | undefined {
    return this.untrustedPeer === undefined ? undefined : untrustedPeerWarning(this.untrustedPeer);
  }
}

const untrustedPeerWarning = (peer: string) =>
  `Requests from ${peer} carry X-Forwarded-For, but TRUST_PROXY does not name that address, so the shop counts ` +
  'them all as one client: behind a load balancer or proxy, every buyer would share one limit of card payments. If ' +
  'that address is your balancer or proxy, add it (or its range) to TRUST_PROXY and restart; if not, a client sent ' +
  'the header itself and this can be ignored.';
