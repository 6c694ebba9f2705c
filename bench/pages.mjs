// Part 4: pages. Lighthouse 12 with its default mobile settings (a mid-range phone, simulated
// slow 4G: 150 ms round trips, 1.6 Mbit/s down, CPU slowed 4x) in the system Chromium, each page
// as a first visit (empty cache). Logged-in pages get the session cookie through extraHeaders.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Starts Chromium with a DevTools port; resolves once it listens. */
async function launchChromium(tmpDir) {
  const profile = fs.mkdtempSync(path.join(tmpDir, "chromium-"));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const port = await new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port:\n${text}`)), 60_000);
    child.stderr.on("data", (chunk) => {
      text += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${text}`)));
  });
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      // Chromium's helper processes may still be writing their last files for a moment.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // left in bench/.tmp, which is temporary anyway
      }
    },
  };
}

const sumTransfer = (requests, type) =>
  requests.filter((r) => r.resourceType === type).reduce((total, r) => total + (r.transferSize ?? 0), 0);

/** One Lighthouse run of url; the figures we report. */
async function audit(port, url, headers, blockScripts) {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(headers ? { extraHeaders: headers } : {}),
      // What-if runs: the page as it would be without hydration (its server-rendered HTML alone).
      ...(blockScripts ? { blockedUrlPatterns: ["*.js"] } : {}),
    },
    undefined,
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"].numericValue,
    fcp: audits["first-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    bytes: audits["total-byte-weight"].numericValue,
    jsBytes: sumTransfer(requests, "Script"),
    cssBytes: sumTransfer(requests, "Stylesheet"),
    imageBytes: sumTransfer(requests, "Image"),
    documentBytes: sumTransfer(requests, "Document"),
    requests: requests.length,
    finalUrl: lhr.finalDisplayedUrl,
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    throttling: lhr.configSettings.throttling,
    formFactor: lhr.configSettings.formFactor,
  };
}

/**
 * One run in a fresh Chromium. Lighthouse sometimes fails to record a trace on a loaded machine
 * (NO_NAVSTART, "Please run Lighthouse again"): such a run is tried again, up to 3 times.
 */
async function auditWithRetry(tmpDir, url, headers, blockScripts, log) {
  for (let attempt = 1; ; attempt++) {
    const chromium = await launchChromium(tmpDir);
    try {
      return await audit(chromium.port, url, headers, blockScripts);
    } catch (error) {
      if (attempt >= 3 || !String(error.message).includes("run Lighthouse again")) throw error;
      log(`  ${url}: ${error.message.split(": ").pop()} Trying again.`);
    } finally {
      await chromium.close();
    }
  }
}

/**
 * Runs each page `runs` times (a fresh Chromium per run, so every visit is a first visit) and
 * keeps the run with the median performance score. pages: [{ name, path, headers?, blockScripts? }].
 */
export async function runPages({ baseUrl, pages, runs = 3, tmpDir = os.tmpdir(), log = console.log }) {
  const results = [];
  for (const page of pages) {
    const all = [];
    for (let i = 0; i < runs; i++) {
      all.push(await auditWithRetry(tmpDir, `${baseUrl}${page.path}`, page.headers, page.blockScripts, log));
    }
    all.sort((a, b) => a.score - b.score || b.lcp - a.lcp);
    const median = all[Math.floor(all.length / 2)];
    if (new URL(median.finalUrl).pathname !== new URL(`${baseUrl}${page.path}`).pathname) {
      throw new Error(`${page.path} ended on ${median.finalUrl}: the page redirected (not logged in?)`);
    }
    results.push({ ...page, ...median, scores: all.map((r) => r.score) });
    log(
      `  ${(page.path + (page.blockScripts ? " (no JS)" : "")).padEnd(20)} score ${median.score} (runs ${all.map((r) => r.score).join("/")})  LCP ${(median.lcp / 1000).toFixed(2)} s  TBT ${median.tbt.toFixed(0)} ms  CLS ${median.cls.toFixed(3)}  ${(median.bytes / 1024).toFixed(0)} KiB (JS ${(median.jsBytes / 1024).toFixed(0)}, CSS ${(median.cssBytes / 1024).toFixed(0)})`,
    );
  }
  return results;
}
