import { describe, expect, it } from "vitest";
import { videoExpiry } from "@touchline/contract/video-expiry";
import { createKeptProfileAnswers } from "./kept-profile-answers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const approved = new Date("2026-11-01T10:00:00Z");
const expiryAt = (now: string) => videoExpiry(approved, 30, new Date(now));
const row = (...states: (string | null)[]) => ({ videos: states.map((videoState) => ({ videoState })) });

describe("kept profile answers", () => {
  it("gives the same bytes for the same row object while the countdown is the same", () => {
    const answers = createKeptProfileAnswers();
    const read = row("ready", "ready");
    const today = expiryAt("2026-11-20T08:00:00Z");
    const body = answers.keep(read, today, '{"n":1}');
    expect(body.toString()).toBe('{"n":1}');
    expect(answers.find(read, expiryAt("2026-11-20T09:59:00Z"))).toBe(body);
    // Another read of the database (a write happened in between) is another object: not found.
    expect(answers.find(row("ready", "ready"), today)).toBeUndefined();
  });

  it("is not used once the countdown has moved", () => {
    const answers = createKeptProfileAnswers();
    const read = row("ready");
    answers.keep(read, expiryAt("2026-11-20T08:00:00Z"), "{}");
    const dayLater = videoExpiry(approved, 30, new Date(Date.parse("2026-11-20T08:00:00Z") + DAY_MS));
    expect(answers.find(read, dayLater)).toBeUndefined();
    const expired = expiryAt("2026-12-02T08:00:00Z");
    expect(expired.isVideoExpired).toBe(true);
    expect(answers.find(read, expired)).toBeUndefined();
  });

  it("never keeps an answer while a video is being prepared, but still gives its bytes", () => {
    const answers = createKeptProfileAnswers();
    const read = row("ready", "processing");
    const today = expiryAt("2026-11-20T08:00:00Z");
    expect(answers.keep(read, today, '{"progress":40}').toString()).toBe('{"progress":40}');
    expect(answers.find(read, today)).toBeUndefined();
  });
});
