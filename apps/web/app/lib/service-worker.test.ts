import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { OFFLINE } from "@touchline/contract/messages";

/**
 * public/sw.js run in a bare worker scope: which POSTs make it empty the private cache. A session
 * starts or ends on each of these, for players, staff and scouts alike.
 */
const SESSION_CHANGES = [
  "/api/Authorization/loginScout",
  "/api/Authorization/logout",
  "/api/Authorization/logoutEverywhere",
  "/api/Authorization/resetPasswordByPhoneNumber",
  "/api/scouts/login",
  "/api/scouts/join",
];

function loadWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const deleted: string[] = [];
  const scope = {
    location: new URL("https://touchline.example/sw.js"),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
  };
  const context = vm.createContext({
    self: scope,
    URL,
    Response,
    caches: { delete: async (name: string) => void deleted.push(name), open: async () => ({}), keys: async () => [] },
  });
  vm.runInContext(fs.readFileSync(path.join(import.meta.dirname, "../../public/sw.js"), "utf8"), context);
  const post = (pathname: string) => {
    const waits: Promise<unknown>[] = [];
    listeners.get("fetch")!({
      request: { url: `https://touchline.example${pathname}`, method: "POST", mode: "cors" },
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: () => undefined,
    });
    return Promise.all(waits);
  };
  return { post, deleted };
}

describe("the service worker's private cache", () => {
  it("is emptied by every log-in, join and log-out, whatever the role", async () => {
    const missed: string[] = [];
    for (const pathname of SESSION_CHANGES) {
      const worker = loadWorker();
      await worker.post(pathname);
      if (!worker.deleted.includes("touchline-private")) missed.push(pathname);
    }
    expect(missed).toEqual([]);
  });

  it("is kept by other posts", async () => {
    const worker = loadWorker();
    await worker.post("/api/scouts/shortlists");
    expect(worker.deleted).toEqual([]);
  });
});

describe("the service worker's offline page", () => {
  it("says what the app says for a page never saved", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "../../public/sw.js"), "utf8");
    expect(source).toContain(`<h1>${OFFLINE.unsavedTitle}</h1><p>${OFFLINE.unsavedText}</p>`);
  });
});
