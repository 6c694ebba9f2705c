import { describe, expect, it } from "vitest";
import { TALENT } from "./messages.ts";
import { savedSearchSchema, scoutJoinSchema, scoutRequestSchema } from "./scout-schemas.ts";
import { SCOUT } from "./scouts.ts";

const join = {
  firstName: "Sam",
  lastName: "Okafor",
  organisation: "Lusaka Dynamos Academy",
  organisationKind: "academy",
  roleTitle: "Chief scout",
  country: "United Kingdom",
  phoneNumber: "+44 7700 900123",
  email: "sam@example.org",
  proofUrl: "https://example.org/staff/sam",
  password: "Goal$2025kick",
};
const organisationError = (organisation: string) => {
  const result = scoutJoinSchema.safeParse({ ...join, organisation });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === "organisation")?.message;
};

describe("an organisation's name", () => {
  it("refuses links and markup, which would reach players' and parents' phones", () => {
    for (const name of [
      "Visit https://evil.example",
      "Lusaka Academy (bit.ly/trial)",
      "www dot academy www.academy",
      "Real Academy evil.example",
      "t.co/abc",
      "<b>Lusaka</b> Academy",
      "Academy <script>",
      "Academy javascript://x",
      "scout@mail.example",
    ])
      expect(organisationError(name), name).toBe(SCOUT.organisationNoLinks);
  });

  it("refuses addresses spelled to get past a filter, IP addresses and phone numbers", () => {
    for (const name of [
      "203.0.113.9/x",
      "Academy 203.0.113.9",
      "evil\u3002com",
      "evil\uFF0Ecom",
      "evil\uFF61com",
      "Lusaka Academy evil[.]com",
      "evil(.)com",
      "evil [dot] com",
      "ｗｗｗ．evil．com",
      "Call 0971234567",
      "Lusaka Academy +260 97 123 4567",
      "Academy (097) 123-4567",
      "Academy 097.123.4567",
      "Academy ０９７１２３４５６７",
    ])
      expect(organisationError(name), name).toBe(SCOUT.organisationNoLinks);
  });

  it("accepts the names clubs really have", () => {
    for (const name of [
      "Lusaka Dynamos Academy",
      "St. Mary's F.C.",
      "A.C. Milan",
      "Nkana F.C. / Youth",
      "Zesco United",
      "Académie Sénégal 2.0",
      "FC 1860 München",
      "Kabwe Warriors U-17 (2009)",
      "Power Dynamos 2010-11 Squad",
      "Mufulira Wanderers F.C. [Youth]",
      "Red Arrows (Lusaka)",
    ])
      expect(organisationError(name), name).toBeUndefined();
  });
});

describe("savedSearchSchema", () => {
  it("keeps a province among the filters, and refuses one that is not a province of Zambia", () => {
    const search = { name: "Keepers up north", channel: "email" as const };
    expect(
      savedSearchSchema.parse({ ...search, filters: { position: "goalkeeper", province: "northern", foot: "" } }),
    ).toMatchObject({ filters: { position: "goalkeeper", province: "northern" } });
    const refused = savedSearchSchema.safeParse({ ...search, filters: { province: "Northern Cape" } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TALENT.provinceInvalid);
  });
});

describe("trial invitations", () => {
  const base = { username: "mwila10", kind: "trial", message: "Come and play.", trialPlace: "Nkana Stadium, Kitwe" };
  const nextYear = `${new Date().getUTCFullYear() + 1}-03-14`;

  it("need a time of day as HH:MM", () => {
    for (const trialTime of [undefined, "", "9.30", "24:00", "09:60"]) {
      const checked = scoutRequestSchema.safeParse({ ...base, trialDate: nextYear, trialTime });
      expect(checked.success).toBe(false);
      expect(checked.error?.issues.map((issue) => issue.message)).toEqual([SCOUT.trialTimeRequired]);
    }
    expect(scoutRequestSchema.parse({ ...base, trialDate: nextYear, trialTime: " 09:30 " }).trialTime).toBe("09:30");
  });

  it("a contact request keeps no trial details", () => {
    const parsed = scoutRequestSchema.parse({ ...base, kind: "contact", trialTime: "09:30" });
    expect(parsed).toMatchObject({ trialDate: null, trialTime: null, trialPlace: null });
  });
});
