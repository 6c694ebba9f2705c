import { describe, expect, it } from "vitest";
import { SMS_ORIGIN_MAX, SMS_SEGMENT_CHARS } from "./limits.ts";
import {
  NOTIFICATION_EVENTS,
  SAFETY_EVENTS,
  fitsOneSegment,
  gsm7Length,
  renderEmail,
  renderNotification,
  renderSms,
  toGsm7,
  type NotificationEvent,
  type NotificationParams,
} from "./notifications.ts";

/** The longest values the forms allow: names of 50, an organisation of 150, a year of public days. */
const LONG_NAME = "Wiremu-Ngozi-Chileshe-Mwansa-Kasonde-Tembo-Mulenga".padEnd(50, "x");
const LONG_ORGANISATION = "National Football Academy of the Copperbelt Province ".repeat(3).slice(0, 150);
const GUARDIAN_LINK = `/guardian#consent=${"A".repeat(43)}`;
const COACH_LINK = `/coach#vouch=${"A".repeat(43)}`;
/** A club of COACH_CLUB_MAX characters. */
const LONG_CLUB = "Kalulushi Modern Stars Football Academy and Community Sports Club of Copperbelt".padEnd(80, "x");
/** A username of the longest the registration form takes. */
const LONG_USERNAME = "z".repeat(30);
const ORIGIN = "https://".padEnd(SMS_ORIGIN_MAX, "w");
const UNSUBSCRIBE = `/unsubscribe/${"u".repeat(11)}`;

const LONGEST: { [E in NotificationEvent]: NotificationParams[E][] } = {
  "profile-approved": [
    { publicDays: 1, username: LONG_USERNAME, waitingForGuardian: false },
    { publicDays: 365, username: LONG_USERNAME, waitingForGuardian: false },
    { publicDays: 365, username: LONG_USERNAME, waitingForGuardian: true },
  ],
  "profile-rejected": [{}],
  "video-ready": [{}],
  "video-failed": [{}],
  "public-ending": [{ daysLeft: 1 }, { daysLeft: 7 }],
  "public-ended": [{}],
  "scout-verified": [{}],
  "scout-rejected": [{}],
  "scout-suspended": [{}],
  "request-received": [
    { trial: true, organisation: LONG_ORGANISATION, guardianOf: null, guardianLink: null },
    { trial: false, organisation: LONG_ORGANISATION, guardianOf: null, guardianLink: null },
    { trial: true, organisation: LONG_ORGANISATION, guardianOf: LONG_NAME, guardianLink: GUARDIAN_LINK },
    { trial: false, organisation: LONG_ORGANISATION, guardianOf: LONG_NAME, guardianLink: GUARDIAN_LINK },
  ],
  "request-accepted": [{ playerFirstName: LONG_NAME }],
  "request-declined": [{ playerFirstName: LONG_NAME }],
  "guardian-asked": [{ playerFirstName: LONG_NAME, guardianLink: GUARDIAN_LINK }],
  "consent-given": [
    { publicDays: null, username: LONG_USERNAME },
    { publicDays: 365, username: LONG_USERNAME },
  ],
  "consent-withdrawn": [{}],
  "deletion-done": [{}],
  "age-verified": [{ guardianOf: null }, { guardianOf: LONG_NAME }],
  "age-refused": [{ guardianOf: null }, { guardianOf: LONG_NAME }],
  "coach-asked": [{ playerName: `${LONG_NAME} W.`, coachLink: COACH_LINK }],
  "coach-confirmed": [{ club: LONG_CLUB }],
  "coach-declined": [{ club: LONG_CLUB }],
  "endorsement-revoked": [{ club: LONG_CLUB }],
  // Counts, not form values: a week of 9,999 visitors and 999 verified scouts is far beyond any player's.
  "interest-weekly": [{ visitors: 9_999, scouts: 999 }],
  "profile-change-approved": [{}],
  "profile-change-rejected": [{}],
  "evaluation-received": [
    { author: "scout", guardianOf: null },
    { author: "coach", guardianOf: null },
    { author: "scout", guardianOf: LONG_NAME },
    { author: "coach", guardianOf: LONG_NAME },
  ],
};

/** Sent at once with the coach's link (sendNow), never with a way to stop: the link fills the segment. */
const SENT_WITHOUT_STOP: readonly NotificationEvent[] = ["coach-asked"];

describe("every notification SMS", () => {
  for (const event of NOTIFICATION_EVENTS) {
    it(`${event}: one GSM-7 segment at the longest values, with its link`, () => {
      for (const params of LONGEST[event] as never[]) {
        // A guardian's messages are about a minor's safety: the service gives them no way to stop.
        const toGuardian =
          (params as { guardianOf?: string | null }).guardianOf != null || SENT_WITHOUT_STOP.includes(event);
        const sms = renderSms(event, params, ORIGIN, toGuardian ? null : UNSUBSCRIBE);
        expect(gsm7Length(sms), sms).not.toBeNull();
        expect(gsm7Length(sms)!, sms).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
        const { link } = renderNotification(event, params);
        if (link) expect(sms).toContain(`${ORIGIN}${link}`);
        // A way to stop, except for what concerns the account's safety and the approval.
        expect(sms.includes(`Stop: ${ORIGIN}${UNSUBSCRIBE}`)).toBe(
          !SAFETY_EVENTS.includes(event) && event !== "profile-approved" && !toGuardian,
        );
      }
    });
  }

  it("keeps names outside GSM-7 in one segment", () => {
    const sms = renderSms("request-accepted", { playerFirstName: "Łukasz “Zé” Ndlovu 😀" }, ORIGIN, UNSUBSCRIBE);
    expect(fitsOneSegment(sms)).toBe(true);
    expect(sms).toContain('Touchline: ?ukasz "Zé" Ndlov... accepted');
  });

  it("counts days in the right number", () => {
    expect(
      renderNotification("profile-approved", { publicDays: 1, username: "a", waitingForGuardian: false }).text,
    ).toBe("Profile approved: public for 1 day. Your page:");
    expect(renderNotification("public-ending", { daysLeft: 7 }).text).toBe("Profile public for 7 more days. Renew:");
    expect(renderNotification("public-ending", { daysLeft: 1 }).text).toBe("Profile public for 1 more day. Renew:");
  });

  it("shows whole names in the inbox and e-mail, and cuts them only in an SMS", () => {
    const params = { playerFirstName: LONG_NAME };
    expect(renderNotification("request-accepted", params).text).toContain(LONG_NAME);
    expect(renderSms("request-accepted", params, ORIGIN, null)).toContain(`${LONG_NAME.slice(0, 17)}...`);
    const email = renderEmail("request-accepted", params, ORIGIN, UNSUBSCRIBE);
    expect(email.body).toContain(LONG_NAME);
    expect(email.body).toContain(`Stop these messages with one click: ${ORIGIN}${UNSUBSCRIBE}`);
  });
});

describe("the approval and the consent that make a profile public", () => {
  it("lead to the public page the player shares, and say nothing is public while a guardian decides", () => {
    const approved = renderSms(
      "profile-approved",
      { publicDays: 90, username: "chanda_p", waitingForGuardian: false },
      "https://touchline.zm",
      null,
    );
    expect(approved).toBe(
      "Touchline: Profile approved: public for 90 days. Your page: https://touchline.zm/players/chanda_p",
    );
    const waiting = renderNotification("profile-approved", {
      publicDays: 90,
      username: "chanda_p",
      waitingForGuardian: true,
    });
    expect(waiting).toMatchObject({ text: "Approved, waiting for your parent or guardian.", link: "/player/home" });
    expect(waiting.text).not.toMatch(/public/i);
    expect(renderNotification("consent-given", { publicDays: 90, username: "chanda_p" })).toMatchObject({
      text: "Your parent or guardian agreed: profile public for 90 days. Your page:",
      link: "/players/chanda_p",
    });
    expect(renderNotification("consent-given", { publicDays: null, username: "chanda_p" }).link).toBe("/player/home");
  });
});

describe("GSM-7", () => {
  it("counts extension characters twice and refuses what it cannot encode", () => {
    expect(gsm7Length("a€")).toBe(3);
    expect(gsm7Length("ł")).toBeNull();
    expect(toGsm7("Chilèshe – ‘Zê’")).toBe("Chilèshe - 'Ze'");
  });
});
