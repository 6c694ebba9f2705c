import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SCOUT_REQUESTS_PER_DAY } from "@touchline/contract/limits";
import {
  REVEALED_PLAYER_CONTACT_FIELDS,
  REVEALED_SCOUT_CONTACT_FIELDS,
  SCOUT,
  type PlayerReceivedRequest,
  type SavedSearchMatches,
  type ScoutSentRequest,
} from "@touchline/contract/scouts";
import { auditLog } from "../db/schema/admin.ts";
import { scoutRequests } from "../db/schema/scouts.ts";
import {
  createPlayer,
  createStaff,
  latestCode,
  loginCookie,
  readSmsOutbox,
  uniqueAddress,
} from "../test/auth-helpers.ts";
import { storedDeliveries } from "../test/notifications.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { createProfile } from "../test/public-players.ts";
import { createScout, emailLinkToken, scoutJoinBody, scoutLoginCookie } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createScoutListService } from "./scout-list-service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const yearsAgo = (years: number) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};
const inDays = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString().slice(0, 10);

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: uniqueAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const tokenIn = (body: string, path: string) => body.match(new RegExp(`${path}#[a-z]+=([A-Za-z0-9_-]+)`))?.[1];

describe("joining as a scout", () => {
  it("refuses bad input with clear messages and stores nothing", async () => {
    const bad = await call("POST", "/api/scouts/join", undefined, {
      ...scoutJoinBody(),
      phoneNumber: "7700 900123",
      proofUrl: "javascript:alert(1)",
      organisationKind: "school",
      organisation: "Trials at bit.ly/lusaka-trials",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      phoneNumber: SCOUT.phoneInvalid,
      proofUrl: SCOUT.proofRequired,
      organisation: SCOUT.organisationNoLinks,
    });
  });

  it("confirms phone and e-mail, then waits for staff, whose decision is audited", async () => {
    const scout = await createScout(t, { state: "unverified", confirmed: false });
    const me = await call("GET", "/api/scouts/me", scout.cookie);
    expect(me.json().scout).toMatchObject({ state: "unverified", phoneConfirmed: false, emailConfirmed: false });
    expect(me.headers["cache-control"]).toBe("no-store");

    const admin = await createStaff(t, "admin");
    const early = await call("POST", `/api/admin/scouts/${scout.id}/verify`, admin.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SCOUT.confirmBeforeReview);

    const wrong = await call("POST", "/api/scouts/me/phone/confirm", scout.cookie, { otp: "00000" });
    expect(wrong.statusCode).toBe(400);
    const code = latestCode(t, scout.phoneNumber);
    expect((await call("POST", "/api/scouts/me/phone/confirm", scout.cookie, { otp: code })).statusCode).toBe(200);
    const token = emailLinkToken(t, scout.email);
    expect((await call("POST", "/api/scouts/email/confirm", undefined, { token })).json().message).toBe(
      SCOUT.emailConfirmed,
    );
    // A link works once.
    expect((await call("POST", "/api/scouts/email/confirm", undefined, { token })).statusCode).toBe(404);

    const listed = await call("GET", "/api/admin/scouts?state=unverified", admin.cookie);
    expect(listed.json().items.map((s: { id: string }) => s.id)).toContain(scout.id);
    const reviewer = await createStaff(t, "reviewer");
    const rejectedWithout = await call("POST", `/api/admin/scouts/${scout.id}/reject`, reviewer.cookie, {});
    expect(rejectedWithout.statusCode).toBe(400);
    const verified = await call("POST", `/api/admin/scouts/${scout.id}/verify`, reviewer.cookie, {});
    expect(verified.json().scout).toMatchObject({ state: "verified", phoneConfirmed: true, emailConfirmed: true });
    const again = await call("POST", `/api/admin/scouts/${scout.id}/verify`, admin.cookie, {});
    expect(again.statusCode).toBe(409);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, scout.id));
    expect(audit.map((a) => [a.action, a.actorUsername])).toEqual([["scout.verified", reviewer.username]]);

    const login = await call("POST", "/api/scouts/login", undefined, {
      email: scout.email.toUpperCase(),
      password: "Goal$2025kick",
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().scout.state).toBe("verified");
    const wrongPassword = await call("POST", "/api/scouts/login", undefined, { email: scout.email, password: "nope" });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(SCOUT.loginFailed);
  });

  it("refuses an e-mail or phone that already has an account", async () => {
    const first = scoutJoinBody();
    expect((await call("POST", "/api/scouts/join", undefined, first)).statusCode).toBe(201);
    const sameEmail = await call("POST", "/api/scouts/join", undefined, { ...scoutJoinBody(), email: first.email });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(SCOUT.emailTaken);
    const samePhone = await call("POST", "/api/scouts/join", undefined, {
      ...scoutJoinBody(),
      phoneNumber: first.phoneNumber,
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe(SCOUT.phoneTaken);
  });
});

describe("the scout area's gate", () => {
  const ROUTES: [method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string][] = [
    ["GET", "/api/scouts/shortlists"],
    ["POST", "/api/scouts/shortlists"],
    ["PATCH", "/api/scouts/shortlists/x"],
    ["DELETE", "/api/scouts/shortlists/x"],
    ["PUT", "/api/scouts/shortlists/x/players/someone"],
    ["DELETE", "/api/scouts/shortlists/x/players/someone"],
    ["GET", "/api/scouts/searches"],
    ["POST", "/api/scouts/searches"],
    ["PATCH", "/api/scouts/searches/x"],
    ["DELETE", "/api/scouts/searches/x"],
    ["GET", "/api/scouts/requests"],
    ["POST", "/api/scouts/requests"],
  ];

  it("refuses anonymous visitors, players, staff, and scouts who are unverified, rejected or suspended", async () => {
    const player = await createPlayer(t);
    const playerCookie = await loginCookie(t, player);
    const admin = await createStaff(t, "admin");
    const unverified = await createScout(t, { state: "unverified" });
    const rejected = await createScout(t, { state: "unverified" });
    await call("POST", `/api/admin/scouts/${rejected.id}/reject`, admin.cookie, { reason: "No such academy" });
    const suspended = await createScout(t);
    const verified = await createScout(t);
    expect((await call("GET", "/api/scouts/shortlists", suspended.cookie)).statusCode).toBe(200);
    await call("POST", `/api/admin/scouts/${suspended.id}/suspend`, admin.cookie, { reason: "Reported by players" });
    // The suspension ended the scout's sessions; a new login still meets the gate.
    const suspendedLogin = await call("POST", "/api/scouts/login", undefined, {
      email: suspended.email,
      password: "Goal$2025kick",
    });
    const suspendedCookie = `tl_session=${suspendedLogin.cookies.find((c) => c.name === "tl_session")!.value}`;
    expect((await call("GET", "/api/scouts/me", suspendedCookie)).json().scout).toMatchObject({
      state: "suspended",
      stateReason: "Reported by players",
    });

    const refusals: string[] = [];
    for (const [method, url] of ROUTES) {
      const expectations: [string | undefined, number, string | undefined][] = [
        [undefined, 401, undefined],
        [playerCookie, 403, SCOUT.notScout],
        [admin.cookie, 403, SCOUT.notScout],
        [unverified.cookie, 403, SCOUT.stateBlocks.unverified],
        [rejected.cookie, 403, SCOUT.stateBlocks.rejected],
        [suspendedCookie, 403, SCOUT.stateBlocks.suspended],
      ];
      for (const [cookie, status, message] of expectations) {
        const res = await call(
          method,
          url,
          cookie,
          method === "GET" || method === "DELETE" ? undefined : { bad: true },
        );
        if (res.statusCode !== status || (message && res.json().message !== message))
          refusals.push(`${method} ${url} ${status}: got ${res.statusCode} ${res.body}`);
      }
    }
    expect(refusals).toEqual([]);
    expect((await call("GET", "/api/scouts/shortlists", verified.cookie)).statusCode).toBe(200);

    const decisions = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, suspended.id));
    expect(decisions.map((d) => d.action).sort()).toEqual(["scout.suspended", "scout.verified"]);
  });

  it("keeps scouts out of the player area", async () => {
    const scout = await createScout(t);
    const profile = await call("GET", `/api/Scouts/ScoutManagement/GetScoutById/${scout.id}`, scout.cookie);
    expect(profile.statusCode).toBe(403);
    expect((await call("GET", "/api/player/guardian", scout.cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/player/requests", scout.cookie)).statusCode).toBe(403);
  });
});

describe("shortlists", () => {
  it("keeps named lists of public players with private notes, for their scout only", async () => {
    const scout = await createScout(t);
    const other = await createScout(t);
    const player = await createProfile(t, { firstName: "Mutale" });
    const hidden = await createProfile(t, { status: "pending" });

    const created = await call("POST", "/api/scouts/shortlists", scout.cookie, { name: "Strikers 2027" });
    expect(created.statusCode).toBe(201);
    const listId = created.json().shortlists[0].id as string;
    expect((await call("POST", "/api/scouts/shortlists", scout.cookie, { name: "strikers 2027" })).statusCode).toBe(
      409,
    );

    const added = await call("PUT", `/api/scouts/shortlists/${listId}/players/${player.username}`, scout.cookie, {
      note: "Strong left foot; watch again in March",
    });
    expect(added.json().shortlists[0].entries).toEqual([
      expect.objectContaining({
        username: player.username,
        note: "Strong left foot; watch again in March",
        isPublic: true,
      }),
    ]);
    const notPublic = await call(
      "PUT",
      `/api/scouts/shortlists/${listId}/players/${hidden.username}`,
      scout.cookie,
      {},
    );
    expect(notPublic.statusCode).toBe(404);
    expect(notPublic.json().message).toBe(SCOUT.playerNotPublic);

    expect((await call("GET", "/api/scouts/shortlists", other.cookie)).json().shortlists).toEqual([]);
    const foreign = await call("PUT", `/api/scouts/shortlists/${listId}/players/${player.username}`, other.cookie, {});
    expect(foreign.statusCode).toBe(404);
  });

  it("shows a scout nothing of a player page beyond what the public sees", async () => {
    const scout = await createScout(t);
    const player = await createProfile(t);
    const anonymous = await call("GET", `/api/talent/players/${player.username}`);
    const asScout = await call("GET", `/api/talent/players/${player.username}`, scout.cookie);
    expect(asScout.statusCode).toBe(200);
    expect(asScout.json()).toEqual(anonymous.json());
  });
});

describe("requests from scouts to players", () => {
  const send = (cookie: string, username: string, extra: object = {}) =>
    call("POST", "/api/scouts/requests", cookie, {
      username,
      kind: "contact",
      message: "We would like to talk.",
      ...extra,
    });
  const sentList = async (cookie: string) =>
    (await call("GET", "/api/scouts/requests", cookie)).json<{ requests: ScoutSentRequest[] }>().requests;
  const receivedList = async (cookie: string) =>
    (await call("GET", "/api/player/requests", cookie)).json<{ requests: PlayerReceivedRequest[] }>().requests;

  it("reveals both sides' contact details only once an adult player accepts, and exactly the allowed fields", async () => {
    const scout = await createScout(t);
    const player = await createProfile(t, { firstName: "Bwalya", lastName: "Phiri" });
    const playerCookie = await loginCookie(t, player);

    const sent = await send(scout.cookie, player.username, {
      kind: "trial",
      trialDate: inDays(10),
      trialPlace: "Sunset Stadium, Lusaka",
    });
    // A trial invitation names its time too.
    expect(sent.statusCode).toBe(400);
    expect(sent.json().errors).toEqual({ trialTime: SCOUT.trialTimeRequired });
    const timed = await send(scout.cookie, player.username, {
      kind: "trial",
      trialDate: inDays(10),
      trialTime: "09:30",
      trialPlace: "Sunset Stadium, Lusaka",
    });
    expect(timed.statusCode).toBe(201);
    expect(timed.json().request).toMatchObject({
      state: "open",
      contact: null,
      trialTime: "09:30",
      trialPlace: "Sunset Stadium, Lusaka",
    });
    // The player's notification is written with the request (its SMS goes through the outbox).
    const told = (await storedDeliveries(t)).filter((row) => row.accountId === player.id);
    expect(told.map((row) => [row.event, row.channel])).toEqual([
      ["request-received", "inbox"],
      ["request-received", "sms"],
    ]);
    expect(told[0]!.text).toBe("Trial invitation from Lusaka Dynamos Academy:");
    expect(JSON.stringify(told)).not.toContain(scout.phoneNumber);

    const [received] = await receivedList(playerCookie);
    expect(received).toMatchObject({ state: "open", contact: null, guardianAnswer: null });
    expect(received!.scout).toEqual({
      id: scout.id,
      name: "Sam Okafor",
      organisation: "Lusaka Dynamos Academy",
      organisationKind: "academy",
      roleTitle: "Chief scout",
      verified: true,
    });

    const accepted = await call("POST", `/api/player/requests/${received!.id}/accept`, playerCookie);
    expect(accepted.json().message).toBe(SCOUT.accepted);
    const [forScout] = await sentList(scout.cookie);
    expect(Object.keys(forScout!.contact!).sort()).toEqual([...REVEALED_PLAYER_CONTACT_FIELDS].sort());
    expect(forScout!.contact).toEqual({
      name: "Bwalya Phiri",
      username: player.username,
      phoneNumber: player.phoneNumber,
      email: player.email,
      guardian: null,
    });
    const [forPlayer] = await receivedList(playerCookie);
    expect(Object.keys(forPlayer!.contact!).sort()).toEqual([...REVEALED_SCOUT_CONTACT_FIELDS].sort());
    expect(forPlayer!.contact).toEqual({
      name: "Sam Okafor",
      organisation: "Lusaka Dynamos Academy",
      phoneNumber: scout.phoneNumber,
      email: scout.email,
    });
    expect((await call("POST", `/api/player/requests/${received!.id}/decline`, playerCookie)).statusCode).toBe(409);
  });

  it("a decline reveals nothing, tells the scout politely, and another player cannot answer", async () => {
    const scout = await createScout(t);
    const player = await createProfile(t);
    const stranger = await createPlayer(t);
    expect((await send(scout.cookie, player.username)).statusCode).toBe(201);
    const [received] = await receivedList(await loginCookie(t, player));
    expect(
      (await call("POST", `/api/player/requests/${received!.id}/accept`, await loginCookie(t, stranger))).statusCode,
    ).toBe(404);
    const declined = await call("POST", `/api/player/requests/${received!.id}/decline`, await loginCookie(t, player));
    expect(declined.json().request).toMatchObject({ state: "declined", contact: null });
    const [forScout] = await sentList(scout.cookie);
    expect(forScout).toMatchObject({ state: "declined", contact: null, outcome: SCOUT.declinedForScout });
    expect(JSON.stringify(forScout)).not.toContain(player.phoneNumber);
    expect(JSON.stringify(forScout)).not.toContain(player.email);
    const toScout = (await storedDeliveries(t)).filter(
      (row) => row.accountId === scout.id && row.event.startsWith("request-"),
    );
    expect(toScout.map((row) => [row.event, row.channel])).toEqual([
      ["request-declined", "inbox"],
      ["request-declined", "email"],
    ]);
    expect(toScout[0]!.text).toMatch(/^Your request to \S+ was not taken up:$/);
  });

  it("for a player under 18, copies the guardian, who must also accept", async () => {
    const scout = await createScout(t);
    const minor = await createProfile(t, { dateOfBirth: yearsAgo(16), firstName: "Chanda" });
    const minorCookie = await loginCookie(t, minor);
    expect((await send(scout.cookie, minor.username)).statusCode).toBe(201);
    const guardianSms = readSmsOutbox(t, "+260955000001").at(-1)!;
    expect(guardianSms.body).toContain("Chanda got a contact request. Please answer:");
    const token = tokenIn(guardianSms.body, "/guardian")!;
    expect(token).toBeTruthy();

    const [received] = await receivedList(minorCookie);
    expect(received!.guardianAnswer).toBe("waiting");
    const playerYes = await call("POST", `/api/player/requests/${received!.id}/accept`, minorCookie);
    expect(playerYes.json().message).toBe(SCOUT.acceptedWaitingGuardian);
    expect((await sentList(scout.cookie))[0]).toMatchObject({ state: "open", contact: null });

    const guardianView = await call("POST", "/api/guardian-consent/requests", undefined, { token });
    expect(guardianView.json().requests[0]).toMatchObject({ id: received!.id, playerAnswer: "accepted" });
    const forged = await call("POST", `/api/guardian-consent/requests/${received!.id}/accept`, undefined, {
      token: "x".repeat(43),
    });
    expect(forged.statusCode).toBe(404);
    const guardianYes = await call("POST", `/api/guardian-consent/requests/${received!.id}/accept`, undefined, {
      token,
    });
    expect(guardianYes.json().message).toBe(SCOUT.accepted);
    const [forScout] = await sentList(scout.cookie);
    expect(forScout!.contact).toMatchObject({
      username: minor.username,
      guardian: { name: "Test Guardian", phoneNumber: "+260955000001" },
    });
  });

  it("allows one open request per player and at most the daily number, and none once blocked", async () => {
    const scout = await createScout(t);
    const player = await createProfile(t);
    expect((await send(scout.cookie, player.username)).statusCode).toBe(201);
    const second = await send(scout.cookie, player.username);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SCOUT.requestOpenAlready);

    // The day's earlier requests, to other players (what sending them through the API would leave).
    for (let i = 1; i < SCOUT_REQUESTS_PER_DAY; i += 1) {
      const other = await createPlayer(t);
      await t.database.db.insert(scoutRequests).values({
        id: crypto.randomUUID(),
        scoutId: scout.id,
        playerId: other.id,
        kind: "contact",
        message: "Hello",
        sentAt: new Date(t.clock.now.getTime() - i * 60_000),
      });
    }
    const another = await createProfile(t);
    const over = await send(scout.cookie, another.username);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(SCOUT.requestLimit);
    t.clock.advance(DAY);
    scout.cookie = await scoutLoginCookie(t, scout);
    expect((await send(scout.cookie, another.username)).statusCode).toBe(201);

    const anotherCookie = await loginCookie(t, another);
    expect(
      (await call("POST", `/api/player/scouts/${scout.id}/report`, anotherCookie, { reason: "Asked for money" }))
        .statusCode,
    ).toBe(200);
    const admin = await createStaff(t, "admin");
    const reports = (await call("GET", "/api/admin/scout-reports", admin.cookie)).json().items;
    expect(reports).toContainEqual(expect.objectContaining({ scoutId: scout.id, reason: "Asked for money" }));
    expect((await call("POST", `/api/player/scouts/${scout.id}/block`, anotherCookie)).json().message).toBe(
      SCOUT.blocked,
    );
    const [blockedRequest] = await receivedList(anotherCookie);
    expect(blockedRequest).toMatchObject({ state: "declined", blocked: true });
    t.clock.advance(DAY);
    scout.cookie = await scoutLoginCookie(t, scout);
    const refused = await send(scout.cookie, another.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SCOUT.requestRefused);
  });
});

describe("saved searches and the weekly digest", () => {
  it("finds exactly the players who became public since the last digest and match, and stops in one tap", async () => {
    const scout = await createScout(t);
    const before = await createProfile(t, { position: "goalkeeper" });
    const saved = await call("POST", "/api/scouts/searches", scout.cookie, {
      name: "Keepers",
      channel: "email",
      filters: { position: "goalkeeper", page: "3" },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().searches[0]).toMatchObject({ filters: { position: "goalkeeper" }, subscribed: true });
    const badFilter = await call("POST", "/api/scouts/searches", scout.cookie, {
      name: "Bad",
      channel: "sms",
      filters: { position: "libero" },
    });
    expect(badFilter.statusCode).toBe(400);

    t.clock.advance(60_000);
    const keeper = await createProfile(t, { position: "goalkeeper", firstName: "Kondwani" });
    const striker = await createProfile(t, { position: "striker" });
    const hiddenMinor = await createProfile(t, {
      position: "goalkeeper",
      dateOfBirth: yearsAgo(15),
      guardianConsent: "none",
    });
    const pending = await createProfile(t, { position: "goalkeeper", status: "pending" });

    const digests = createScoutListService(t.app.services);
    expect(await digests.sendDueDigests("https://touchline.example")).toEqual({ searches: 0, sent: 0 });

    t.clock.advance(7 * DAY);
    // Only the digests: the scout's other e-mails (their verification, sent by a job) may arrive at any time.
    const digestMails = () => readEmailOutbox(t, scout.email).filter((mail) => mail.subject.includes('for "Keepers"'));
    const mailsBefore = digestMails().length;
    const run = await digests.sendDueDigests("https://touchline.example");
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const mails = digestMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    const digest = mails.at(-1)!;
    const named = [...digest.body.matchAll(/\/players\/([A-Za-z0-9._-]+)/g)].map((m) => m[1]);
    expect(named).toEqual([keeper.username]);
    for (const absent of [before, striker, hiddenMinor, pending]) expect(digest.body).not.toContain(absent.username);
    expect(digest.subject).toBe('1 new player for "Keepers" on Touchline');

    // Nothing new: no digest next week.
    t.clock.advance(7 * DAY);
    await digests.sendDueDigests("https://touchline.example");
    expect(digestMails()).toHaveLength(mailsBefore + 1);

    const token = tokenIn(digest.body, "/scouts/unsubscribe")!;
    const stopped = await call("POST", "/api/scouts/digest/unsubscribe", undefined, { token });
    expect(stopped.json().message).toBe(SCOUT.unsubscribed);
    const cookie = await scoutLoginCookie(t, scout);
    expect((await call("GET", "/api/scouts/searches", cookie)).json().searches[0].subscribed).toBe(false);
    await createProfile(t, { position: "goalkeeper" });
    t.clock.advance(8 * DAY);
    await digests.sendDueDigests("https://touchline.example");
    expect(digestMails()).toHaveLength(mailsBefore + 1);
  });
});

describe("opening a saved search", () => {
  it("lists who matches now, marks those new since the last opening, and is the scout's own", async () => {
    const scout = await createScout(t);
    const older = await createProfile(t, { firstName: "Chimwemwe", position: "left-back" });
    const saved = await call("POST", "/api/scouts/searches", scout.cookie, {
      name: "Chimwemwe at left-back",
      channel: "email",
      filters: { q: "Chimwemwe", position: "left-back" },
    });
    const id = saved.json().searches[0].id as string;
    expect(saved.json().searches[0].lastOpenedAt).toBeNull();
    t.clock.advance(60_000);
    const newer = await createProfile(t, { firstName: "Chimwemwe", position: "left-back" });
    await createProfile(t, { firstName: "Chimwemwe", position: "striker" });

    const matches = async () => {
      const answer = await call("GET", `/api/scouts/searches/${id}/players`, scout.cookie);
      expect(answer.statusCode).toBe(200);
      return answer.json<SavedSearchMatches>();
    };
    // The first opening compares with the day the search was saved.
    const opened = await call("POST", `/api/scouts/searches/${id}/open`, scout.cookie);
    expect(opened.json().search.lastOpenedAt).toBe(t.clock.now.toISOString());
    const first = await matches();
    expect(first.list.items.map((item) => item.username).sort()).toEqual([older.username, newer.username].sort());
    expect(first.newUsernames).toEqual([newer.username]);
    // Every page of the same visit marks the same players.
    expect((await matches()).newUsernames).toEqual([newer.username]);

    t.clock.advance(60_000);
    const latest = await createProfile(t, { firstName: "Chimwemwe", position: "left-back" });
    await call("POST", `/api/scouts/searches/${id}/open`, scout.cookie);
    const second = await matches();
    expect(second.list.total).toBe(3);
    expect(second.newUsernames).toEqual([latest.username]);

    const other = await createScout(t);
    expect((await call("GET", `/api/scouts/searches/${id}/players`, other.cookie)).statusCode).toBe(404);
    expect((await call("POST", `/api/scouts/searches/${id}/open`, other.cookie)).statusCode).toBe(404);
    const player = await createPlayer(t);
    const playerCookie = await loginCookie(t, player);
    expect((await call("GET", `/api/scouts/searches/${id}/players`, playerCookie)).statusCode).toBe(403);
  }, 120_000);
});
