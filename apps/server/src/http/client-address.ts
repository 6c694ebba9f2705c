import net from "node:net";

/** Hextets of an IPv6 address that name its network: a /64, what one home, phone or server gets. */
const NETWORK_HEXTETS = 4;

/**
 * The client an address-keyed limit counts: an IPv4 address as it is, an IPv6 address by its
 * /64 ("2001:db8:1:2::/64"). One subscriber is given a whole /64 and may pick any of its 2^64
 * addresses for each request, so counting IPv6 addresses one by one would give a single client
 * a fresh allowance per request. An IPv4 address written as IPv6 (::ffff:192.0.2.1, how a
 * dual-stack socket reports it) counts as that IPv4 address.
 */
export function clientAddressKey(address: string): string {
  const bare = address.replace(/%.*$/, "");
  if (net.isIPv6(bare)) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
    if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
    return `${expandIPv6(bare).slice(0, NETWORK_HEXTETS).join(":")}::/64`;
  }
  return address;
}

/** The eight hextets of an IPv6 address, without leading zeros ("0" for an empty one). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part stands for the last two hextets.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((hextet) => Number.parseInt(hextet || "0", 16).toString(16));
}
