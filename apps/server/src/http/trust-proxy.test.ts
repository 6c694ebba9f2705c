import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { registrationBody } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * Which address and host the server believes, for each TRUST_PROXY form, seen where it matters:
 * the request's log line (remoteAddress is what every per-address limit counts), a per-address
 * limit itself, and the Origin check.
 */
interface Probe {
  t: TestApp;
  lines: string[];
}

async function serverWith(trustProxy: string): Promise<Probe> {
  const lines: string[] = [];
  const t = await createTestApp(
    { TRUST_PROXY: trustProxy, LOG_LEVEL: "info" },
    { logStream: { write: (line) => lines.push(line) } },
  );
  return { t, lines };
}

let probeCount = 0;
/** What the server took for the client's address and the host of one request. */
async function seenAs(probe: Probe, from: string, headers: Record<string, string>) {
  const url = `/api/health?probe=${++probeCount}`;
  const res = await probe.t.app.inject({ url, remoteAddress: from, headers: { host: "10.0.0.20:3000", ...headers } });
  expect(res.statusCode).toBe(200);
  const line = probe.lines
    .map((l) => JSON.parse(l) as { msg: string; req?: { url: string; remoteAddress: string; host: string } })
    .find((l) => l.msg === "incoming request" && l.req?.url === url);
  return { address: line?.req?.remoteAddress, host: line?.req?.host };
}

/** A state-changing request from a page on https://touchline.example. */
const postFromPublicSite = (probe: Probe, from: string, headers: Record<string, string>) =>
  probe.t.app.inject({
    method: "POST",
    url: "/api/site/contact-messages",
    remoteAddress: from,
    headers: { host: "10.0.0.20:3000", origin: "https://touchline.example", ...headers },
    payload: { name: "Chanda", email: "chanda@example.zm", message: "Hello" },
  });

describe("TRUST_PROXY=true (a proxy on this machine)", () => {
  let probe: Probe;
  beforeAll(async () => (probe = await serverWith("true")));
  afterAll(() => probe.t.close());

  it("takes the address the local proxy added, not the one the client wrote", async () => {
    const seen = await seenAs(probe, "127.0.0.1", { "x-forwarded-for": "203.0.113.66, 198.51.100.7" });
    expect(seen.address).toBe("198.51.100.7");
  });

  it("believes no X-Forwarded header from a peer that is not the local proxy", async () => {
    const seen = await seenAs(probe, "192.0.2.10", {
      "x-forwarded-for": "203.0.113.66",
      "x-forwarded-host": "evil.example",
    });
    expect(seen).toEqual({ address: "192.0.2.10", host: "10.0.0.20:3000" });
    // The local proxy's X-Forwarded-Host counts.
    expect((await seenAs(probe, "127.0.0.1", { "x-forwarded-host": "touchline.example" })).host).toBe(
      "touchline.example",
    );
  });

  it("counts a client that writes a new X-Forwarded-For each time as one address", async () => {
    // Registrations: 10 an hour per address. Through a proxy that appends the real address
    // ($proxy_add_x_forwarded_for), each request carries a made-up address first.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await probe.t.app.inject({
        method: "POST",
        url: "/api/Authorization/registerScoutWithOtp",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.77` },
        payload: registrationBody(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

describe("TRUST_PROXY=1 (one proxy hop, addresses unknown)", () => {
  let probe: Probe;
  beforeAll(async () => (probe = await serverWith("1")));
  afterAll(() => probe.t.close());

  it("takes the right-most X-Forwarded-For entry, whoever connected", async () => {
    const seen = await seenAs(probe, "192.0.2.10", { "x-forwarded-for": "203.0.113.66, 198.51.100.7" });
    expect(seen.address).toBe("198.51.100.7");
  });

  it("never takes X-Forwarded-Host or -Proto: the peer cannot be told from a client", async () => {
    const seen = await seenAs(probe, "127.0.0.1", { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(seen.host).toBe("10.0.0.20:3000");
    const refused = await postFromPublicSite(probe, "127.0.0.1", { "x-forwarded-host": "touchline.example" });
    expect(refused.statusCode).toBe(403);
  });
});

describe("TRUST_PROXY with the proxies' addresses", () => {
  let probe: Probe;
  beforeAll(async () => (probe = await serverWith("10.0.0.0/8,127.0.0.1")));
  afterAll(() => probe.t.close());

  it("skips every listed proxy from the right and stops at the first address that is not one", async () => {
    const chain = { "x-forwarded-for": "203.0.113.66, 198.51.100.7, 10.0.0.9" };
    expect((await seenAs(probe, "10.1.2.3", chain)).address).toBe("198.51.100.7");
    expect((await seenAs(probe, "192.0.2.10", chain)).address).toBe("192.0.2.10");
  });

  it("takes X-Forwarded-Host from a listed proxy only, for the Origin check too", async () => {
    const forwarded = { "x-forwarded-host": "touchline.example" };
    expect((await postFromPublicSite(probe, "10.1.2.3", forwarded)).statusCode).toBe(201);
    const direct = await postFromPublicSite(probe, "192.0.2.10", forwarded);
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toEqual({ message: REQUEST_FAILED.forbiddenOrigin });
  });
});

describe("TRUST_PROXY=false (the default)", () => {
  let probe: Probe;
  beforeAll(async () => (probe = await serverWith("false")));
  afterAll(() => probe.t.close());

  it("ignores X-Forwarded-For and X-Forwarded-Host, for the Origin check too", async () => {
    const seen = await seenAs(probe, "127.0.0.1", {
      "x-forwarded-for": "203.0.113.66",
      "x-forwarded-host": "touchline.example",
    });
    expect(seen).toEqual({ address: "127.0.0.1", host: "10.0.0.20:3000" });
    const forged = await postFromPublicSite(probe, "127.0.0.1", { "x-forwarded-host": "touchline.example" });
    expect(forged.statusCode).toBe(403);
  });
});
