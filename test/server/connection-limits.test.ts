// The pure parts of the server's connection limits and proxy trust: how a client's connections are
// keyed, the automatic ceiling, and who may speak for a client in X-Forwarded-For.
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { addressKey, connectionLimits } from "../../server/connection-limits";
import { clientIp, requestUrl } from "../../server/request-info";
import { trustProxy } from "../../server/trusted-proxies";

const env = {
  MAX_CONNECTIONS: 0,
  MAX_CONNECTIONS_PER_ADDRESS: 128,
  HEADERS_TIMEOUT_SECONDS: 10,
  REQUEST_TIMEOUT_SECONDS: 30,
  KEEP_ALIVE_TIMEOUT_SECONDS: 5,
};

describe("addressKey", () => {
  it("keys IPv4 by address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("connectionLimits", () => {
  it("sets the ceiling to half the descriptor limit, at most 8,192, unless MAX_CONNECTIONS is given", () => {
    expect(connectionLimits(env, 1024).maxConnections).toBe(512);
    expect(connectionLimits(env, 20_000).maxConnections).toBe(8192);
    expect(connectionLimits(env, null).maxConnections).toBe(512);
    expect(connectionLimits({ ...env, MAX_CONNECTIONS: 300 }, 20_000).maxConnections).toBe(300);
    // The per-address cap never exceeds the ceiling.
    expect(connectionLimits({ ...env, MAX_CONNECTIONS: 50 }, 20_000).maxPerAddress).toBe(50);
    expect(connectionLimits(env, 20_000)).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5000 });
  });
});

function fakeRequest(peer: string, headers: Record<string, string> = {}): http.IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: { host: "app.example", ...headers },
    url: "/login",
  } as unknown as http.IncomingMessage;
}

describe("trusted proxies", () => {
  const forged = { "x-forwarded-for": "198.51.100.9", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

  it("trusts no one by default: the peer is the client, and forwarded host and scheme are ignored", () => {
    const none = trustProxy([]);
    expect(clientIp(fakeRequest("127.0.0.1", forged), none)).toBe("127.0.0.1");
    expect(clientIp(fakeRequest("::ffff:127.0.0.1", forged), none)).toBe("127.0.0.1");
    expect(requestUrl(fakeRequest("127.0.0.1", forged), none)?.href).toBe("http://app.example/login");
  });

  it("believes a listed proxy, address or CIDR: the nearest forwarded hop that is not a proxy is the client", () => {
    const trusted = trustProxy(["10.0.0.0/8", "127.0.0.1"]);
    expect(clientIp(fakeRequest("127.0.0.1", forged), trusted)).toBe("198.51.100.9");
    expect(clientIp(fakeRequest("10.1.2.3", { "x-forwarded-for": "198.51.100.1, 198.51.100.2, 10.9.9.9" }), trusted)).toBe("198.51.100.2");
    expect(clientIp(fakeRequest("127.0.0.2", forged), trusted)).toBe("127.0.0.2");
    expect(clientIp(fakeRequest("127.0.0.1", { "x-forwarded-for": "not-an-address" }), trusted)).toBe("127.0.0.1");
    expect(requestUrl(fakeRequest("127.0.0.1", forged), trusted)?.href).toBe("https://evil.example/login");
  });

  it("takes `loopback` for 127.0.0.0/8 and ::1", () => {
    const loopback = trustProxy(["loopback"]);
    expect(loopback("127.0.0.2")).toBe(true);
    expect(loopback("::1")).toBe(true);
    expect(loopback("::ffff:127.0.0.1")).toBe(true);
    expect(loopback("192.0.2.1")).toBe(false);
  });
});
