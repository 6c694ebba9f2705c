import net from "node:net";
import type { IncomingMessage } from "node:http";
import type { FastifyServerOptions } from "fastify";

/**
 * Which reverse proxies the server believes about the client (TRUST_PROXY):
 *
 * - `false` (or `0`): none. The client is the address that connected; X-Forwarded-* are ignored.
 * - a list of proxy addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`, also `loopback`,
 *   `linklocal`, `uniquelocal`): the client is the right-most X-Forwarded-For entry that is not
 *   one of them, and X-Forwarded-Host/-Proto count only when the connecting peer is one of them.
 *   A client that reaches the server directly, or sends its own X-Forwarded-For through a proxy
 *   that appends to it, cannot choose its address.
 * - `true`: the same as `loopback`, a proxy on the same machine (127.0.0.0/8, ::1), which is
 *   how the documented nginx setup runs. It no longer means "believe every X-Forwarded-For",
 *   whose left-most entry any client can write.
 * - a number of hops (`1`, `2`): the client is that many entries from the right of
 *   X-Forwarded-For, whoever connected. Only for proxies whose addresses are unknown, and only
 *   when the server cannot be reached except through them; X-Forwarded-Host/-Proto are then
 *   never used, as the peer cannot be told apart from a client.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

export const TRUST_PROXY_FORMAT =
  "must be false, true (a proxy on this machine: loopback), a number of proxy hops from 1 to 10, or the proxies' addresses and CIDR ranges separated by commas (10.0.0.0/8,127.0.0.1)";

/** The setting's value, or null when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0") return false;
  if (text === "true") return { proxies: ["loopback"] };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_HOPS ? { hops } : null;
  }
  const proxies = text.split(",").map((entry) => entry.trim());
  return proxies.every(isProxyAddress) ? { proxies } : null;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", bits, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Fastify's trustProxy option for the setting. */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (trust === false) return false;
  if ("proxies" in trust) return trust.proxies;
  // Fastify refuses bare hop counts (it cannot check the peer); the count is what this setting
  // asks for, so it is given as a function of the hop alone.
  const { hops } = trust;
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Fastify's rewriteUrl option, its earliest look at a request (before its own log line and any
 * hook). With a hop count Fastify would take X-Forwarded-Host and -Proto from any peer, so they
 * are removed there and the host and scheme are those of the connection; the URL is unchanged.
 */
export function forwardedHostFilter(trust: TrustProxy): ((request: IncomingMessage) => string) | undefined {
  if (trust === false || "proxies" in trust) return undefined;
  return (request) => {
    delete request.headers["x-forwarded-host"];
    delete request.headers["x-forwarded-proto"];
    return request.url ?? "/";
  };
}
