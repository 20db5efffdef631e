// Which peers may speak for a client through X-Forwarded-For, -Proto and -Host: the proxies named
// in TRUST_PROXY, and nobody else. With none configured (the default) those headers are ignored,
// so a client cannot pick its own address for the sign-in and survey limits by sending them.
import net from "node:net";

export type TrustProxy = (address: string) => boolean;

const LOOPBACK_RANGES: Array<[string, number, "ipv4" | "ipv6"]> = [
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
];

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket reports it) as IPv4. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * The test for "is this peer a trusted proxy", from TRUST_PROXY's entries (addresses, CIDR
 * ranges and `loopback`, already validated by the configuration).
 */
export function trustProxy(entries: readonly string[]): TrustProxy {
  if (entries.length === 0) return () => false;
  const list = new net.BlockList();
  for (const entry of entries) {
    if (entry === "loopback") {
      for (const [prefix, bits, type] of LOOPBACK_RANGES) list.addSubnet(prefix, bits, type);
      continue;
    }
    const [address, bits] = entry.split("/");
    const type = net.isIPv6(address) ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = net.isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
  };
}
