import { describe, expect, it } from "vitest";
import { loader } from "./not-found.tsx";

describe("not-found route", () => {
  it("answers 404 so crawlers do not index unknown paths", () => {
    let thrown: unknown;
    try {
      loader();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
