import { lookup as resolve, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the portal may send a request to a council's own system (its webhook): only to public
 * internet addresses, so that a council admin cannot make the server reach the machine it runs on,
 * its private network or the cloud's metadata service (docs/council-api.md).
 */
export interface OutboundRules {
  /** Only https addresses: production. */
  httpsOnly: boolean;
  /** Networks (CIDR, or one address) a council's system on a private network is reached at. */
  allowedNetworks: readonly string[];
}

/** A network of `WEBHOOK_ALLOWED_NETWORKS`, or undefined when it is not one. */
export function parsedNetwork(network: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  try {
    if (network.includes('/')) return ipaddr.parseCIDR(network);
    const address = ipaddr.parse(network);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/**
 * Why an address may not be reached (its range: loopback, private, linkLocal, uniqueLocal,
 * reserved…), or undefined when it is a public one or in an allowed network. An IPv4 address
 * written as IPv6 is judged as IPv4.
 */
export function addressRefusal(address: string, rules: OutboundRules): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return 'not an address';
  }
  const allowed = rules.allowedNetworks.some((network) => {
    const [base, bits] = parsedNetwork(network)!;
    return base.kind() === parsed.kind() && parsed.match(base, bits);
  });
  const range = parsed.range();
  return allowed || range === 'unicast' ? undefined : `${range} address`;
}

/**
 * Why a URL may not be sent to, as far as it tells before its name is resolved: the scheme, a
 * user and password in it, an address written in it (however written: `2130706433`, `[::1]`).
 */
export function urlRefusal(url: string, rules: OutboundRules): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  const schemes = rules.httpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(parsed.protocol)) return `${parsed.protocol} address`;
  if (parsed.username || parsed.password) return 'credentials in the address';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) ? addressRefusal(host, rules) : undefined;
}

/** Resolves a name as the system would, refusing it when any of its addresses may not be reached. */
function checkedLookup(rules: OutboundRules): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refusal = addresses
        .map(({ address }) => addressRefusal(address, rules))
        .find((found) => found !== undefined);
      if (refusal || addresses.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to a ${refusal}`), {
          code: 'ENOTPUBLIC',
        });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface CouncilAnswer {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * POSTs `body` to a council's system, to a public address only: checked in the URL, then each
 * address its name resolves to, on the connection that is made to it (so a name that changes its
 * answer between a check and the connection cannot slip through). A redirect is an answer like
 * any other, never followed. Rejects when the address is refused, or the request fails or takes
 * longer than `timeoutMs`.
 */
export function postToCouncil(
  url: string,
  {
    headers,
    body,
    timeoutMs,
    rules,
  }: { headers: Record<string, string>; body: string; timeoutMs: number; rules: OutboundRules },
): Promise<CouncilAnswer> {
  const refusal = urlRefusal(url, rules);
  if (refusal) return Promise.reject(new Error(`refused: ${refusal}`));
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((settle, fail) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: checkedLookup(rules),
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.once('error', fail);
    request.once('response', (response) => {
      // Only the status matters: the body is left unread.
      response.destroy();
      settle({ status: response.statusCode ?? 0, headers: response.headers });
    });
    request.end(body);
  });
}
