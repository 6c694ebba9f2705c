import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { CONTACT_DETAIL_MESSAGES } from "@touchline/contract/contact-details";
import {
  EVALUATION,
  type EvaluationReportItem,
  type PlayerEvaluations,
  type ScoutEvaluations,
} from "@touchline/contract/evaluations";
import { auditLog } from "../db/schema/admin.ts";
import { playerEvaluationNotes, playerEvaluationReports, playerEvaluations } from "../db/schema/evaluations.ts";
import { createStaff, loginCookie } from "../test/auth-helpers.ts";
import { DAYTIME, storedDeliveries } from "../test/notifications.ts";
import { createProfile, type ProfileOptions } from "../test/public-players.ts";
import { createScout, type TestScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * Evaluations by verified scouts: one per scout and player, changed in place; notes pinned to a
 * second of the player's own clips; contact details refused beside their field, with nothing
 * stored; the player reads all, hides from scouts and reports to staff; a new one notifies the
 * player (and a minor's guardian) once; staff remove one, audited.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(DAYTIME);
  admin = await createStaff(t, "admin");
}, 120_000);
afterAll(() => t?.close());

/** A birth date `years` years before the test clock. */
const yearsAgo = (years: number) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

async function publicPlayer(options: ProfileOptions = {}) {
  const player = await createProfile(t, options);
  return { ...player, cookie: await loginCookie(t, player) };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  dribbling: 4,
  goalScoring: 3,
  defending: 2,
  passing: 5,
  firstTouch: 4,
  level: "division-two",
  strength1: "Quick off the mark",
  strength2: "Strong left foot",
  strength3: "Reads the game",
  workOn: "Heading in the box",
  notes: [],
  ...overrides,
});

const scoutView = (scout: TestScout, username: string) =>
  t.app.inject({ url: `/api/scouts/players/${username}/evaluations`, headers: { cookie: scout.cookie } });
const save = (cookie: string, username: string, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/scouts/players/${username}/evaluation`, headers: { cookie }, payload });
const playerView = async (cookie: string) =>
  (await t.app.inject({ url: "/api/player/evaluations", headers: { cookie } })).json<PlayerEvaluations>();
const evaluationRows = (playerId: string) =>
  t.database.db.select().from(playerEvaluations).where(eq(playerEvaluations.playerId, playerId));
const received = async (accountOrPhone: string) =>
  (await storedDeliveries(t)).filter(
    (d) => d.event === "evaluation-received" && (d.accountId === accountOrPhone || d.address === accountOrPhone),
  );

describe("a verified scout's evaluation", () => {
  it("is written once, pinned to a clip, read by the player with the author's role and organisation", async () => {
    const player = await publicPlayer({ firstName: "Mwila" });
    const scout = await createScout(t, { organisation: "Nkana FC Academy", roleTitle: "Chief scout" });

    const before = await scoutView(scout, player.username);
    expect(before.statusCode, before.body).toBe(200);
    const { own, others, clips } = before.json<ScoutEvaluations>();
    expect(own).toBeNull();
    expect(others).toEqual([]);
    expect(clips).toHaveLength(1);
    const clip = clips[0]!;
    expect(clip.durationSeconds).toBeGreaterThan(0);

    const saved = await save(
      scout.cookie,
      player.username,
      body({ goalScoring: "5", notes: [{ clipId: clip.id, second: 0, text: "Lovely first touch here" }] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(EVALUATION.saved);
    expect(saved.json<{ evaluations: ScoutEvaluations }>().evaluations.own).toMatchObject({
      author: { kind: "scout", role: "Chief scout", organisation: "Nkana FC Academy" },
      ratings: { dribbling: 4, goalScoring: 5, defending: 2, passing: 5, firstTouch: 4 },
      level: "division-two",
      strengths: ["Quick off the mark", "Strong left foot", "Reads the game"],
      workOn: "Heading in the box",
      notes: [{ clipId: clip.id, second: 0, text: "Lovely first touch here" }],
    });

    const mine = await playerView(player.cookie);
    expect(mine.evaluations).toHaveLength(1);
    expect(mine.evaluations[0]).toMatchObject({
      hidden: false,
      reported: false,
      author: { kind: "scout", role: "Chief scout", organisation: "Nkana FC Academy" },
    });
    expect(mine.clips).toEqual([expect.objectContaining({ id: clip.id, url: `/api/media/${clip.id}` })]);
    expect(mine.clips[0]!.renditions.length).toBeGreaterThan(0);
    // Never the scout's name, phone or e-mail.
    const text = JSON.stringify(mine);
    expect(text).not.toContain(scout.email);
    expect(text).not.toContain(scout.phoneNumber.slice(-7));

    // Told once, in the inbox and by SMS.
    const told = await received(player.id);
    expect(told.map((d) => d.channel).sort()).toEqual(["inbox", "sms"]);

    // A change replaces the fields and notes in place and tells nobody.
    t.clock.advance(60_000);
    const changed = await save(scout.cookie, player.username, body({ level: "provincial", notes: [] }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(EVALUATION.updated);
    const rows = await evaluationRows(player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.level).toBe("provincial");
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
    expect(
      await t.database.db
        .select()
        .from(playerEvaluationNotes)
        .where(eq(playerEvaluationNotes.evaluationId, rows[0]!.id)),
    ).toEqual([]);
    expect(await received(player.id)).toHaveLength(2);
  });

  it("refuses contact details beside their field, on the server too, and stores nothing", async () => {
    const player = await publicPlayer();
    const scout = await createScout(t);
    const clip = (await scoutView(scout, player.username)).json<ScoutEvaluations>().clips[0]!;
    const refused = await save(
      scout.cookie,
      player.username,
      body({
        strength1: "call 0977 123456",
        strength2: "wa.me/260977123456",
        strength3: "write to scout@club.example",
        workOn: "more at https://club.example/drills",
        notes: [{ clipId: clip.id, second: 0, text: "follow @scout_zm" }],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      strength1: CONTACT_DETAIL_MESSAGES.phone,
      strength2: CONTACT_DETAIL_MESSAGES.link,
      strength3: CONTACT_DETAIL_MESSAGES.email,
      workOn: CONTACT_DETAIL_MESSAGES.link,
      "notes.0.text": CONTACT_DETAIL_MESSAGES.handle,
    });
    expect(await evaluationRows(player.id)).toEqual([]);
    expect(await received(player.id)).toEqual([]);
  });

  it("pins notes only to the player's own clips, within their length", async () => {
    const player = await publicPlayer();
    const other = await publicPlayer();
    const scout = await createScout(t);
    const [clip] = (await scoutView(scout, player.username)).json<ScoutEvaluations>().clips;
    const [otherClip] = (await scoutView(scout, other.username)).json<ScoutEvaluations>().clips;

    const beyond = await save(
      scout.cookie,
      player.username,
      body({ notes: [{ clipId: clip!.id, second: 5, text: "Good" }] }),
    );
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors).toEqual({ "notes.0.second": EVALUATION.noteTimeBeyond(clip!.durationSeconds!) });

    const foreign = await save(
      scout.cookie,
      player.username,
      body({ notes: [{ clipId: otherClip!.id, second: 0, text: "Good" }] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ "notes.0.clipId": EVALUATION.noteClipUnknown });

    const tooMany = await save(
      scout.cookie,
      player.username,
      body({ notes: Array.from({ length: 11 }, () => ({ clipId: clip!.id, second: 0, text: "Good" })) }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ notes: EVALUATION.tooManyNotes });
    expect(await evaluationRows(player.id)).toEqual([]);
  });

  it("is for verified scouts and public profiles only", async () => {
    const player = await publicPlayer();
    const waiting = await publicPlayer({ status: "pending" });
    const unverified = await createScout(t, { state: "unverified" });
    const scout = await createScout(t);

    expect((await save(unverified.cookie, player.username, body())).statusCode).toBe(403);
    expect((await scoutView(unverified, player.username)).statusCode).toBe(403);
    expect((await save(player.cookie, player.username, body())).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "PUT", url: `/api/scouts/players/${player.username}/evaluation`, payload: body() }))
        .statusCode,
    ).toBe(401);
    const notPublic = await save(scout.cookie, waiting.username, body());
    expect(notPublic.statusCode).toBe(404);
    expect(notPublic.json().message).toBe(EVALUATION.playerNotPublic);
    // A scout's session cannot read a player's list.
    expect((await t.app.inject({ url: "/api/player/evaluations", headers: { cookie: scout.cookie } })).statusCode).toBe(
      403,
    );
  });

  it("tells a minor's guardian too, without a link into the child's account", async () => {
    const minor = await publicPlayer({ firstName: "Chanda", dateOfBirth: yearsAgo(16) });
    const scout = await createScout(t);
    expect((await save(scout.cookie, minor.username, body())).statusCode).toBe(200);
    const guardianSms = await received("+260955000001");
    expect(guardianSms.at(-1)?.text).toBe(`A verified scout rated Chanda's skills. They can read it in their account.`);
    expect(await received(minor.id)).toHaveLength(2);
  });
});

describe("what other scouts see, and what the player does", () => {
  it("others see what the player shows; the player hides and reports; staff remove it, audited", async () => {
    const player = await publicPlayer();
    const author = await createScout(t, { organisation: "Zesco United", roleTitle: "Youth scout" });
    const other = await createScout(t);
    expect((await save(author.cookie, player.username, body())).statusCode).toBe(200);

    const seen = (await scoutView(other, player.username)).json<ScoutEvaluations>();
    expect(seen.own).toBeNull();
    expect(seen.others).toEqual([
      expect.objectContaining({ author: { kind: "scout", role: "Youth scout", organisation: "Zesco United" } }),
    ]);
    const id = seen.others[0]!.id;

    const hidden = await t.app.inject({
      method: "POST",
      url: `/api/player/evaluations/${id}/hidden`,
      headers: { cookie: player.cookie },
      payload: { hidden: true },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().message).toBe(EVALUATION.hidden);
    expect((await scoutView(other, player.username)).json<ScoutEvaluations>().others).toEqual([]);
    // The author still reads their own.
    expect((await scoutView(author, player.username)).json<ScoutEvaluations>().own?.id).toBe(id);
    expect((await playerView(player.cookie)).evaluations[0]?.hidden).toBe(true);
    // The public sees only the count, hidden ones included, and never the text.
    const page = await t.app.inject({ url: `/api/talent/players/${player.username}` });
    expect(page.json()).toMatchObject({ evaluationCount: 1 });
    expect(page.body).not.toContain("Quick off the mark");

    // Nobody else hides or reports it.
    const stranger = await publicPlayer();
    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/player/evaluations/${id}/hidden`,
      headers: { cookie: stranger.cookie },
      payload: { hidden: false },
    });
    expect(foreign.statusCode).toBe(404);

    const report = (cookie: string, reason: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/player/evaluations/${id}/report`,
        headers: { cookie },
        payload: { reason },
      });
    expect((await report(stranger.cookie, "Not mine")).statusCode).toBe(404);
    const reported = await report(player.cookie, "This scout never saw me play");
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json<{ evaluations: PlayerEvaluations }>().evaluations.evaluations[0]?.reported).toBe(true);
    expect((await report(player.cookie, "Again")).statusCode).toBe(409);

    const queue = await t.app.inject({ url: "/api/admin/evaluation-reports", headers: { cookie: admin.cookie } });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json<{ items: EvaluationReportItem[] }>().items.find((entry) => entry.evaluationId === id);
    expect(item).toMatchObject({ reason: "This scout never saw me play", player: { username: player.username } });
    expect(
      (await t.app.inject({ url: "/api/admin/evaluation-reports", headers: { cookie: player.cookie } })).statusCode,
    ).toBe(403);

    const removed = await t.app.inject({
      method: "POST",
      url: `/api/admin/evaluations/${id}/remove`,
      headers: { cookie: admin.cookie },
      payload: { reason: "Not seen playing" },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(EVALUATION.removedByStaff);
    expect(await evaluationRows(player.id)).toEqual([]);
    expect(
      await t.database.db.select().from(playerEvaluationReports).where(eq(playerEvaluationReports.evaluationId, id)),
    ).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "evaluation.removed"), eq(auditLog.targetId, player.id)));
    expect(audit?.detail).toBe("Youth scout of Zesco United: Not seen playing");
    expect((await playerView(player.cookie)).evaluations).toEqual([]);
    expect((await t.app.inject({ url: `/api/talent/players/${player.username}` })).json()).toMatchObject({
      evaluationCount: 0,
    });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/evaluations/${id}/remove`,
      headers: { cookie: admin.cookie },
      payload: { reason: "Twice" },
    });
    expect(again.statusCode).toBe(404);
  });

  it("staff close a report and keep the evaluation, audited", async () => {
    const player = await publicPlayer();
    const scout = await createScout(t);
    const saved = await save(scout.cookie, player.username, body());
    const id = saved.json<{ evaluations: ScoutEvaluations }>().evaluations.own!.id;
    await t.app.inject({
      method: "POST",
      url: `/api/player/evaluations/${id}/report`,
      headers: { cookie: player.cookie },
      payload: { reason: "Too harsh" },
    });
    const items = (
      await t.app.inject({ url: "/api/admin/evaluation-reports", headers: { cookie: admin.cookie } })
    ).json<{ items: EvaluationReportItem[] }>().items;
    const reportId = items.find((entry) => entry.evaluationId === id)!.id;
    const dismissed = await t.app.inject({
      method: "POST",
      url: `/api/admin/evaluation-reports/${reportId}/dismiss`,
      headers: { cookie: admin.cookie },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await evaluationRows(player.id)).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "evaluation.report-dismissed"), eq(auditLog.targetId, player.id)));
    expect(audit).toBeDefined();
    expect((await playerView(player.cookie)).evaluations[0]?.reported).toBe(false);
  });
});
