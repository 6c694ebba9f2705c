import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_COMING_PATH } from "@touchline/contract/app-interest";
import { contactMessages } from "../db/schema/site.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createSiteService } from "./site-service.ts";

describe("the download buttons", () => {
  let fresh: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
    configured = await createTestApp({
      APP_DOWNLOAD_URL: "https://apps.example.zm/touchline",
      PLAY_STORE_URL: "https://play.example.zm/touchline",
    });
  });
  afterAll(async () => {
    await fresh.close();
    await configured.close();
  });

  it("lead to our own 'the app is coming' page on a fresh install", async () => {
    for (const path of ["/download", "/download/ios", "/download/android", "/go/get-started"]) {
      const res = await fresh.app.inject(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe(APP_COMING_PATH);
    }
  });

  it("lead to the configured store links once set", async () => {
    expect((await configured.app.inject("/download")).headers.location).toBe("https://apps.example.zm/touchline");
    expect((await configured.app.inject("/download/android")).headers.location).toBe(
      "https://play.example.zm/touchline",
    );
    expect((await configured.app.inject("/download/ios")).headers.location).toBe("https://apps.example.zm/touchline");
  });

  it("keep a visitor's number for the staff inbox, to tell them when the app is out", async () => {
    const site = createSiteService(fresh.app.services.db, fresh.app.services.now);
    const { id } = await site.saveAppInterest({ phone: "+260971234567", email: null });
    const [row] = await fresh.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ source: "app-launch", phone: "+260971234567", handledAt: null });
  });
});
