import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { UPLOAD_BUDGET } from "@touchline/contract/limits";
import { MEDIA } from "@touchline/contract/messages";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { IMAGE_DECODES_AT_ONCE, MAX_IMAGE_PIXELS } from "./images.ts";
import { pngBomb } from "../test/image-bomb.ts";
import { fixture, tusCreate, uploadBytes } from "../test/upload-client.ts";

/**
 * Every sharp pipeline the server runs, counted: toBuffer() is where pixels are decoded and
 * encoded (reading a header with metadata() decodes nothing). Lets the tests see that a bomb is
 * never decoded and how many images are worked on at once.
 */
const pipelines = vi.hoisted(() => ({ started: 0, running: 0, mostAtOnce: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<typeof import("sharp")>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    const instance = real(...args);
    const toBuffer = instance.toBuffer.bind(instance) as (...options: unknown[]) => Promise<unknown>;
    (instance as { toBuffer: unknown }).toBuffer = async (...options: unknown[]) => {
      pipelines.started += 1;
      pipelines.running += 1;
      pipelines.mostAtOnce = Math.max(pipelines.mostAtOnce, pipelines.running);
      try {
        return await toBuffer(...options);
      } finally {
        pipelines.running -= 1;
      }
    };
    return instance;
  };
  return { default: Object.assign(counted, real) };
});

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t, await createPlayer(t));
});
afterAll(() => t.close());
beforeEach(() => {
  pipelines.started = 0;
  pipelines.mostAtOnce = 0;
});

const png = { kind: "image", filetype: "image/png" } as const;

describe("an image bomb", () => {
  it("is refused from its header, without decoding a pixel", async () => {
    const bomb = await pngBomb(); // 7990 × 7990, 16-bit RGBA: 510 MB decoded
    expect(bomb.length).toBeLessThan(600_000);
    const started = performance.now();
    const { status, body } = await uploadBytes(t.app, cookie, bomb, png);
    expect(status).toBe(422);
    expect(body).toEqual({ message: MEDIA.imageTooManyPixels });
    expect(pipelines.started).toBe(0);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("is refused one pixel column past 8192 × 6144", async () => {
    const bomb = await pngBomb(MAX_IMAGE_PIXELS / 6144 + 1, 6144, 8);
    const { status, body } = await uploadBytes(t.app, cookie, bomb, png);
    expect(status).toBe(422);
    expect(body).toEqual({ message: MEDIA.imageTooManyPixels });
    expect(pipelines.started).toBe(0);
  });

  it("is measured with its bit depth: 5000 × 5000 RGBA is refused at 16 bits and taken at 8", async () => {
    // 25 megapixels either way: 200 MB decoded at 16 bits a sample, 100 MB at 8.
    const deep = await uploadBytes(t.app, cookie, await pngBomb(5000, 5000, 16), png);
    expect(deep.status).toBe(422);
    expect(deep.body).toEqual({ message: MEDIA.imageTooManyPixels });
    expect(pipelines.started).toBe(0);
    const plain = await uploadBytes(t.app, cookie, await pngBomb(5000, 5000, 8), png);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ width: 2048, height: 2048 });
  });

  it("sent four times at once leaves the server's memory alone", async () => {
    const bomb = await pngBomb();
    const player = await loginCookie(t, await createPlayer(t));
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const results = await Promise.all([1, 2, 3, 4].map(() => uploadBytes(t.app, player, bomb, png)));
    clearInterval(sampler);
    expect(results.map((result) => result.status)).toEqual([422, 422, 422, 422]);
    expect(pipelines.started).toBe(0);
    // Decoded, the four would take over 2 GB; the uploads themselves are 2 MB.
    expect((peak - before) / 1024 / 1024).toBeLessThan(100);
  });
});

describe("image work across the server", () => {
  it(`decodes at most ${IMAGE_DECODES_AT_ONCE} image(s) at a time; the others wait and succeed`, async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#2a7" } })
      .jpeg({ quality: 90 })
      .toBuffer();
    // More photos than slots, each from its own player, all at once.
    const count = IMAGE_DECODES_AT_ONCE + 3;
    const players = await Promise.all(Array.from({ length: count }, async () => loginCookie(t, await createPlayer(t))));
    pipelines.started = 0;
    pipelines.mostAtOnce = 0;
    const results = await Promise.all(
      players.map((player) => uploadBytes(t.app, player, photo, { kind: "image", filetype: "image/jpeg" })),
    );
    expect(results.map((result) => [result.status, result.body.width])).toEqual(Array(count).fill([200, 2048]));
    // One decode and four WebP encodes per photo.
    expect(pipelines.started).toBe(count * 5);
    expect(pipelines.mostAtOnce).toBeLessThanOrEqual(IMAGE_DECODES_AT_ONCE);
  });
});

describe("the upload budget", () => {
  it("counts refused uploads with unused files, for a day", async () => {
    const account = await createPlayer(t);
    let player = await loginCookie(t, account);
    expect(
      (await uploadBytes(t.app, player, fixture("gps.jpg"), { kind: "image", filetype: "image/jpeg" })).status,
    ).toBe(200);
    for (let i = 1; i < UPLOAD_BUDGET; i++) {
      const refused = await uploadBytes(t.app, player, fixture("page.html"), png);
      expect(refused.status).toBe(415);
    }
    const over = await tusCreate(t.app, player, 1000, png);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ message: MEDIA.tooManyRefusedUploads });
    // Someone else's budget is their own.
    expect((await tusCreate(t.app, cookie, 1000, png)).status).toBe(201);

    t.clock.advance(25 * 60 * 60 * 1000);
    player = await loginCookie(t, account);
    expect((await tusCreate(t.app, player, 1000, png)).status).toBe(201);
  });
});
