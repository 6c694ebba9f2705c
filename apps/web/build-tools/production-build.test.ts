import type { ResolvedConfig } from "vite";
import { describe, expect, it } from "vitest";
import { notProductionMessage, productionBuild } from "./production-build.ts";

const resolved = (isProduction: boolean) => ({ command: "build", isProduction }) as ResolvedConfig;

function configResolved(config: ResolvedConfig) {
  const hook = productionBuild().configResolved;
  if (typeof hook !== "function") throw new Error("configResolved is not a function");
  return hook.call(undefined as never, config);
}

describe("productionBuild", () => {
  it("runs on builds only (the dev server and the unit tests are not builds)", () => {
    expect(productionBuild().apply).toBe("build");
  });

  it("stops a build whose NODE_ENV is not production, saying how to build instead", () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
    try {
      expect(() => configResolved(resolved(false))).toThrow(notProductionMessage("development"));
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(notProductionMessage("development")).toContain('NODE_ENV is "development"');
    expect(notProductionMessage("development")).toContain("npm run build (it sets NODE_ENV=production)");
  });

  it("lets a production build through", () => {
    expect(() => configResolved(resolved(true))).not.toThrow();
  });
});
