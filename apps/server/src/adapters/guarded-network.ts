import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/** True for addresses on the public internet; loopback, private, link-local and other special ranges are not. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

/**
 * ipaddr.js's name of the address's range ('unicast', 'loopback', 'private', 'linkLocal', ...). An IPv6
 * address that carries an IPv4 one in its last 32 bits, IPv4-mapped (`::ffff:a.b.c.d`) or the deprecated
 * IPv4-compatible form (`::a.b.c.d`, which ipaddr.js calls unicast and some stacks still route to the
 * IPv4 address), is judged by that IPv4 address. Other forms that embed one (NAT64, 6to4, Teredo, SIIT)
 * are ranges of their own, never 'unicast', so they are refused whatever they embed.
 */
function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range();
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  return embedded ? embedded.range() : parsed.range();
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const [a, b, c, d, e, f, high = 0, low = 0] = address.parts;
  const compatible = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0;
  // :: and ::1 are the unspecified and loopback addresses themselves, not IPv4-compatible ones.
  if (!compatible || (high === 0 && low <= 1)) return undefined;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IP literal of a URL's host (brackets of IPv6 removed), or undefined for a name. */
export function hostAddressOf(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(host) ? host : undefined;
}

/**
 * Why a request to `url` must not be made (it is, or its host resolves to, a private, loopback or
 * link-local address: cloud metadata endpoints included), or null when every address is public or the
 * URL's origin is one the operator allowed. Resolves the host with DNS.
 */
export async function privateTargetProblem(url: URL, allowedOrigins: readonly string[]): Promise<string | null> {
  if (allowedOrigins.includes(url.origin)) return null;
  const literal = hostAddressOf(url);
  let addresses: string[];
  if (literal) {
    addresses = [literal];
  } else {
    try {
      addresses = (await dns.promises.lookup(url.hostname, { all: true })).map((entry) => entry.address);
    } catch {
      return `${url.hostname} could not be resolved`;
    }
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (!refused) return null;
  const where = literal ? `${refused} is` : `${url.hostname} resolves to ${refused},`;
  return `${where} a ${addressRange(refused)} address; only public addresses are reached unless ALLOWED_PRIVATE_ORIGINS lists ${url.origin}`;
}

// Every connection checks the addresses DNS gave, so a redirect or a rebinding DNS answer cannot reach inside.
function guardedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves to private address ${refused.address}`), {
          code: 'EPRIVATE',
        }),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** Connects to public addresses only, checked at connect time. */
export const publicAgent = new Agent({ connect: { lookup: guardedLookup } });
/** For origins the operator allowed on private addresses. */
export const trustedAgent = new Agent();
/**
 * The same two for retries: each request on a connection of its own, closed after the answer (a server that
 * dropped one kept-alive connection has usually dropped the other idle ones too).
 */
export const freshPublicAgent = new Agent({ connect: { lookup: guardedLookup }, pipelining: 0 });
export const freshTrustedAgent = new Agent({ pipelining: 0 });
