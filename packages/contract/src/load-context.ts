import type { AgeCheckView } from "./age-check.ts";
import type { PlayerGuardianStatus } from "./guardian.ts";
import type { PlayerInfoResponse } from "./profile.ts";
import type { SessionInfo } from "./session.ts";
import type { AppInterest } from "./app-interest.ts";
import type { ProfileInterest } from "./interest.ts";
import type { ContactMessageInput } from "./site.ts";
import type { PublicPlayer, PublicPlayerList, TalentListQuery } from "./talent.ts";

/**
 * What the server hands to the web app's loaders.
 * The web app never imports server code; it sees only this interface.
 */
export interface WebLoadContext {
  /** The site's public origin, for canonical links, Open Graph and the sitemap (no trailing slash). */
  publicUrl: string;
  /** The public talent list and player pages, server-rendered with their data (server talent/). */
  talent: {
    /** Approved, unexpired profiles matching the query, newest videos first. */
    listPlayers(query: TalentListQuery): Promise<PublicPlayerList>;
    /** One approved, unexpired profile by username (any case), or null. */
    getPlayer(username: string): Promise<PublicPlayer | null>;
  };
  /**
   * Who is logged in, as the request's session cookie says (null when nobody is). The player
   * area and the console read it in their layouts' loaders, so their pages arrive ready.
   */
  currentSession(): Promise<SessionInfo | null>;
  /**
   * The logged-in player's own profile as GetScoutById answers it (null when they have none or
   * nobody is logged in), so /player/profile arrives with it; undefined when it could not be
   * read, and the page then reads it itself.
   */
  ownProfile(): Promise<PlayerInfoResponse | null | undefined>;
  /**
   * The logged-in player's own age check and guardian consent, as GET /api/player/age-check and
   * GET /api/player/guardian answer them, so /player/profile arrives with its panels in place
   * above the profile; undefined when they could not be read, and the page reads them itself.
   */
  ownAgeCheck(): Promise<AgeCheckView | undefined>;
  ownGuardianStatus(): Promise<PlayerGuardianStatus | null | undefined>;
  /**
   * The logged-in player's interest counts, as GET /api/player/interest answers them, so
   * /player/home arrives with its card; null without a profile, undefined when they could not be
   * read (the page then reads them itself).
   */
  ownInterest(): Promise<ProfileInterest | null | undefined>;
  /** The public site's forms, for pages served without JavaScript that post as plain HTML forms. */
  site: {
    /** Stores a checked contact message for the staff inbox (as POST /api/site/contact-messages does). */
    saveContactMessage(message: ContactMessageInput): Promise<{ id: string }>;
    /** Puts a visitor on the list to hear when the app is out (the staff inbox shows it). */
    saveAppInterest(interest: AppInterest): Promise<{ id: string }>;
  };
}
