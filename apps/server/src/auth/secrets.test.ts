import { describe, expect, it, vi } from "vitest";
import * as nodeCrypto from "node:crypto";

// Spy on the CSPRNG the codes must come from (ESM namespaces cannot be spied on directly).
vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  return { ...real, randomInt: vi.fn(real.randomInt) };
});

const { codeHash, randomCode, randomToken, sha256Hex } = await import("./secrets.ts");

describe("randomCode", () => {
  it("draws 5 digits from crypto.randomInt over the whole range, keeping leading zeros", () => {
    const randomInt = vi.mocked(nodeCrypto.randomInt);
    randomInt.mockClear();
    const codes = Array.from({ length: 300 }, () => randomCode());
    expect(randomInt).toHaveBeenCalledTimes(300);
    expect(randomInt).toHaveBeenCalledWith(0, 100_000);
    expect(codes.every((c) => /^\d{5}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(290);
    randomInt.mockReturnValueOnce(42 as never);
    expect(randomCode()).toBe("00042");
  });
});

describe("randomToken", () => {
  it("carries 256 random bits", () => {
    const token = randomToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
  });
});

describe("codeHash", () => {
  it("depends on the secret, the phone and the purpose, not only the code", () => {
    const base = codeHash("secret-a".repeat(4), "+260971234567", "reset", "12345");
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(base).not.toBe(sha256Hex("12345"));
    expect(codeHash("secret-b".repeat(4), "+260971234567", "reset", "12345")).not.toBe(base);
    expect(codeHash("secret-a".repeat(4), "+260971234568", "reset", "12345")).not.toBe(base);
    expect(codeHash("secret-a".repeat(4), "+260971234567", "registration", "12345")).not.toBe(base);
  });
});
