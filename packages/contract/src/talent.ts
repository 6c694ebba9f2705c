import type { VideoView } from "./video.ts";
import * as z from "zod/mini";
import {
  FITNESS_VALUES,
  POSITION_VALUES,
  PREFERRED_FOOT_VALUES,
  PROVINCE_VALUES,
  type FitnessLevel,
  type Position,
  type PreferredFoot,
  type Province,
} from "./enums.ts";
import {
  CONTACT_NAME_MAX,
  CONTACT_ORGANISATION_MAX,
  CONTACT_PHONE_MAX,
  HEIGHT_CM,
  PLAYER_CONTACT_MESSAGE_MAX,
  PUBLIC_EXACT_AGE_FROM,
  PUBLIC_TALENT_CACHE_SECONDS,
  TALENT_AGE,
  TALENT_MAX_PAGE,
  TALENT_PAGE_SIZE,
  TALENT_PAGE_SIZE_MAX,
  TALENT_SEARCH_MAX,
} from "./limits.ts";
import { addIssue } from "./issue.ts";
import type { CoachRole } from "./coach-roles.ts";
import { CONTACT, FIELD, TALENT } from "./messages.ts";
import { emailField } from "./site.ts";
import { displayText } from "./text.ts";

/**
 * The public talent list and public player pages (issue "Talent discovery"): the query both the
 * API (GET /api/talent/players) and the /players page read from a URL, the public shapes, and the
 * contact request a club or scout sends about a player.
 */

/** A URL leaves an unused form field as "" (a GET form submits every field): that means "no filter". */
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Reads a blank URL field as left out, then checks the rest with the schema. */
const blankOr = <T extends z.core.$ZodType>(schema: T): z.ZodMiniPipe<z.ZodMiniTransform, T> =>
  z.pipe(z.transform(blankToUndefined), schema as never) as z.ZodMiniPipe<z.ZodMiniTransform, T>;

const optionalChoice = <T extends [string, ...string[]]>(values: T, message: string) =>
  blankOr(z.optional(z.enum(values, { error: message })));

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));

const optionalWhole = (min: number, max: number, message: string) =>
  blankOr(z.optional(wholeNumber(min, max, message)));

const whole = (min: number, max: number, fallback: number, message: string) =>
  blankOr(z._default(wholeNumber(min, max, message), fallback));

const ageMessage = TALENT.ageInvalid(TALENT_AGE.min, TALENT_AGE.max);
const heightMessage = TALENT.heightInvalid(HEIGHT_CM.min, HEIGHT_CM.max);

/**
 * Filters of the public list. Every field is optional; unknown parameters (utm_source, …) are
 * ignored so shared links with tracking tags still work. Positions match the primary or the
 * secondary position; the search matches the start of a first name ("mwi", "Mwila B") or of a
 * username, never the (private) surname. Ages match adults by their age in whole years and
 * players under 18 by their band alone (publicAgeOf below).
 */
export const talentListQuerySchema = z
  .object({
    position: optionalChoice(POSITION_VALUES, TALENT.positionInvalid),
    foot: optionalChoice(PREFERRED_FOOT_VALUES, TALENT.footInvalid),
    fitness: optionalChoice(FITNESS_VALUES, TALENT.fitnessInvalid),
    province: optionalChoice(PROVINCE_VALUES, TALENT.provinceInvalid),
    minAge: optionalWhole(TALENT_AGE.min, TALENT_AGE.max, ageMessage),
    maxAge: optionalWhole(TALENT_AGE.min, TALENT_AGE.max, ageMessage),
    minHeight: optionalWhole(HEIGHT_CM.min, HEIGHT_CM.max, heightMessage),
    maxHeight: optionalWhole(HEIGHT_CM.min, HEIGHT_CM.max, heightMessage),
    /** "1": only players whose age staff checked on an identity document. */
    ageVerified: optionalChoice(["1"], TALENT.ageVerifiedInvalid),
    /** "1": only players a coach or club official confirmed (a confirmation not removed or revoked). */
    endorsed: optionalChoice(["1"], TALENT.endorsedInvalid),
    q: blankOr(
      z.optional(
        z.pipe(
          displayText({ max: TALENT_SEARCH_MAX, tooLong: TALENT.searchTooLong(TALENT_SEARCH_MAX) }),
          z.transform((value: string) => (value === "" ? undefined : value)),
        ),
      ),
    ),
    page: whole(1, TALENT_MAX_PAGE, 1, TALENT.pageInvalid(TALENT_MAX_PAGE)),
    pageSize: whole(1, TALENT_PAGE_SIZE_MAX, TALENT_PAGE_SIZE, TALENT.pageSizeInvalid(TALENT_PAGE_SIZE_MAX)),
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.minAge !== undefined && query.maxAge !== undefined && query.minAge > query.maxAge) {
        ctx.addIssue({ code: "custom", path: ["minAge"], message: TALENT.ageRangeReversed });
      }
      if (query.minHeight !== undefined && query.maxHeight !== undefined && query.minHeight > query.maxHeight) {
        ctx.addIssue({ code: "custom", path: ["minHeight"], message: TALENT.heightRangeReversed });
      }
    }),
  );

export type TalentListQuery = z.output<typeof talentListQuerySchema>;
export type TalentListQueryInput = z.input<typeof talentListQuerySchema>;
export type TalentFilterName = Exclude<keyof TalentListQuery, "page" | "pageSize">;

/** The URL parameters of the list, in the order they appear in a built URL. */
export const TALENT_QUERY_KEYS = [
  "q",
  "position",
  "foot",
  "province",
  "minAge",
  "maxAge",
  "minHeight",
  "maxHeight",
  "fitness",
  "ageVerified",
  "endorsed",
  "page",
  "pageSize",
] as const;
export const TALENT_FILTER_KEYS = TALENT_QUERY_KEYS.filter(
  (key) => key !== "page" && key !== "pageSize",
) as TalentFilterName[];

/**
 * Lenient reading of a page URL: a visitor who follows a mangled link still gets a list. Invalid
 * parameters are left out and reported (the page says so beside the filter); the API instead
 * answers 400 for them.
 */
export function readTalentQuery(params: URLSearchParams | Record<string, string | undefined>): {
  query: TalentListQuery;
  errors: Partial<Record<keyof TalentListQuery, string>>;
} {
  const input: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [key, value] of entries) {
    // A repeated parameter keeps its first value, as a person reading the URL would expect.
    if (value !== undefined && (TALENT_QUERY_KEYS as readonly string[]).includes(key) && !(key in input))
      input[key] = value;
  }
  const errors: Partial<Record<keyof TalentListQuery, string>> = {};
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = talentListQuerySchema.safeParse(input);
    if (parsed.success) return { query: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof TalentListQuery;
      errors[key] ??= issue.message;
      delete input[key];
    }
  }
  return { query: talentListQuerySchema.parse({}), errors };
}

/**
 * The query as URL parameters: only the filters that are set, the page only past the first, so
 * equal lists have equal (shareable, cacheable) URLs.
 */
export function talentSearchParams(query: Partial<TalentListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TALENT_QUERY_KEYS) {
    const value = query[key];
    if (value === undefined || value === null || value === "") continue;
    if (key === "page" && value === 1) continue;
    if (key === "pageSize" && value === TALENT_PAGE_SIZE) continue;
    params.set(key, String(value));
  }
  return params;
}

/** "/players?position=striker&page=2" (the list's own address with these filters). */
export function talentListPath(query: Partial<TalentListQuery>, base = "/players"): string {
  const search = talentSearchParams(query).toString();
  return search ? `${base}?${search}` : base;
}

/** Whether any filter (not the page) narrows the list. */
export function hasTalentFilters(query: Partial<TalentListQuery>): boolean {
  return TALENT_FILTER_KEYS.some((key) => query[key] !== undefined && query[key] !== "");
}

/** Cache-Control of the public talent list and player pages, HTML and JSON alike. */
export const PUBLIC_TALENT_CACHE_CONTROL = `public, max-age=${PUBLIC_TALENT_CACHE_SECONDS}, s-maxage=${PUBLIC_TALENT_CACHE_SECONDS}`;

/** The one age band shown instead of an exact age, with its label. */
export const AGE_BANDS = { "under-18": "Under 18" } as const;
export type AgeBand = keyof typeof AGE_BANDS;

/**
 * A player's age as the public may know it. Adults: whole years. Under 18: the band only, which
 * stays the same from registration at 14 until the 18th birthday, so watching the list (or its
 * age filter) from day to day cannot reveal a minor's birthday; an exact age, or a band boundary
 * such as 16, changes on that day.
 *
 * The age filter follows the same rule: a minor is in a range when any age under 18 is (a range
 * starting at 17 or below), whatever their exact age; adults are in it by their exact age.
 */
export function publicAgeOf(exactAge: number): { age: number | null; ageBand: AgeBand | null } {
  return exactAge >= PUBLIC_EXACT_AGE_FROM ? { age: exactAge, ageBand: null } : { age: null, ageBand: "under-18" };
}

/** One WebP copy of a cover photo: GET /api/media/{id}?w=… */
export interface PublicImageVariant {
  url: string;
  width: number;
  height: number;
}

export interface PublicCover {
  /** The variants, narrowest first (320, 640, 1280 wide; never wider than the photo itself). */
  variants: PublicImageVariant[];
}

/** A public video: only ever a ready one (a profile is public once its videos have renditions). */
export type PublicVideo = Pick<VideoView, "url" | "durationSeconds" | "renditions" | "posters">;

/**
 * A player as the public sees them. Built field by field from an allowlist (server
 * talent/public-player.ts): no phone, e-mail, date of birth, surname, internal id or unapproved
 * media can reach it. Players can be 14, so the surname is shown as an initial only: first name,
 * initial, age and position are enough for a scout to ask about a player; staff pass the request on.
 */
export interface PublicPlayerSummary {
  username: string;
  firstName: string;
  /** The first letter of the surname, upper case ("B"). */
  lastInitial: string;
  /**
   * Whole years today from 18 on, null below (then ageBand says "under-18"); the date of birth
   * itself is never public (publicAgeOf).
   */
  age: number | null;
  ageBand: AgeBand | null;
  position: Position;
  secondaryPosition: Position | null;
  preferredFoot: PreferredFoot;
  heightInCm: number;
  weightInKg: number;
  currentFitnessStatus: FitnessLevel;
  /** Where the player plays; null for a profile submitted before this was asked. */
  province: Province | null;
  town: string | null;
  cover: PublicCover;
  /** When staff approved the profile (ISO), or null when the date is not known. */
  approvedAt: string | null;
  /** Staff checked the date of birth on an identity document ("Age verified"). */
  ageVerified: boolean;
  /** A coach or club official confirmed the player plays for them ("Coach confirmed"). */
  endorsed: boolean;
}

/**
 * A coach's yes as the public sees it: the role and club, the team and since when, and when they
 * answered. Never the coach's name or number.
 */
export interface PublicEndorsement {
  role: CoachRole;
  club: string;
  team: string;
  /** YYYY-MM: the month the coach says the player has played for them since. */
  since: string;
  /** When the coach answered (ISO). */
  confirmedAt: string;
}

export interface PublicPlayer extends PublicPlayerSummary {
  aboutYourself: string;
  /** An unedited full match on YouTube, Facebook or Google Drive, reviewed with the profile; or null. */
  fullMatchUrl: string | null;
  /** When the player last changed what this page shows (shown as "Updated 7 Dec"); null when never. */
  editedAt: string | null;
  /** The coaches' confirmations, newest first. */
  endorsements: PublicEndorsement[];
  /** How many evaluations verified scouts and coaches wrote: all the public sees of them. */
  evaluationCount: number;
  videos: PublicVideo[];
}

export interface PublicPlayerList {
  items: PublicPlayerSummary[];
  /**
   * Profiles matching the filters, over every page; when totalExact is false, a lower bound
   * (TALENT_COUNT_CAP): "1,000+".
   */
  total: number;
  totalExact: boolean;
  /** Whether a page after this one has players. */
  hasNextPage: boolean;
  page: number;
  pageSize: number;
}

/** "Mwila B." */
export function publicName(player: Pick<PublicPlayerSummary, "firstName" | "lastInitial">): string {
  return player.lastInitial ? `${player.firstName} ${player.lastInitial}.` : player.firstName;
}

/**
 * The narrowest variant at least minWidth wide, else the first of the widest (a small photo's
 * 640 and 1280 copies are the same picture: the smaller URL is the one to share).
 */
export function coverVariant(cover: PublicCover, minWidth: number): PublicImageVariant | undefined {
  const widest = Math.max(...cover.variants.map((variant) => variant.width));
  return (
    cover.variants.find((variant) => variant.width >= minWidth) ??
    cover.variants.find((variant) => variant.width === widest)
  );
}

const requiredText = (required: string, max: number, multiline = false) => displayText({ required, max, multiline });

/**
 * A phone number as a person types it: spaces, dashes, dots and brackets are dropped; what is
 * left must be 7 to 15 digits (E.164's maximum), with a leading + for a country code. A Zambian
 * number written 0971234567 becomes +260971234567 so staff can call it from anywhere.
 */
export function normalizeContactPhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  if (!/^\+?\d{7,15}$/.test(compact)) return null;
  if (/^0\d{9}$/.test(compact)) return `+260${compact.slice(1)}`;
  return compact;
}

/**
 * Body of POST /api/talent/players/{username}/contact: a club or scout asking to reach a player.
 * The phone number is optional (a scout abroad may prefer e-mail); the e-mail is required so
 * staff can always answer.
 */
export const playerContactRequestSchema = z.object({
  name: requiredText(CONTACT.contactNameRequired, CONTACT_NAME_MAX),
  organisation: requiredText(TALENT.contactOrganisationRequired, CONTACT_ORGANISATION_MAX),
  email: emailField(FIELD.emailRequired, FIELD.emailInvalid),
  phone: z.pipe(
    z.pipe(
      z.transform((value: unknown) => (value === null ? undefined : value)),
      z.optional(z.string().check(z.trim(), z.maxLength(CONTACT_PHONE_MAX, TALENT.contactPhoneInvalid))),
    ),
    z.transform((value: string | undefined, ctx) => {
      if (!value) return null;
      const phone = normalizeContactPhone(value);
      if (!phone) {
        addIssue(ctx, TALENT.contactPhoneInvalid);
        return z.NEVER;
      }
      return phone;
    }),
  ),
  message: requiredText(CONTACT.contactMessageRequired, PLAYER_CONTACT_MESSAGE_MAX, true),
});
export type PlayerContactRequestInput = z.input<typeof playerContactRequestSchema>;
export type PlayerContactRequest = z.output<typeof playerContactRequestSchema>;
