/**
 * The links and contact details of the public site, written once so the header, the mobile
 * menu, the footer, the sitemap and the tests all agree.
 */
export interface SiteLink {
  label: string;
  to: string;
}

/** Header navigation, in its published order. Features is a section of the home page. */
export const HEADER_LINKS: readonly SiteLink[] = [
  { label: "Talent", to: "/players" },
  { label: "Freelance journalist", to: "/freelance-journalist" },
  { label: "Features", to: "/#features" },
  { label: "About", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Contact", to: "/contact" },
];

/**
 * The server answers /download with a redirect to APP_DOWNLOAD_URL (apps/server/src/site/redirects.ts),
 * so the prerendered pages never need a rebuild when the store link changes.
 */
export const DOWNLOAD_APP_PATH = "/download";

/** The footer's list of useful links: where the mobile menu's button leads without JavaScript. */
export const FOOTER_LINKS_ID = "site-links";
export const APP_STORE_PATH = "/download/ios";
export const GOOGLE_PLAY_PATH = "/download/android";
export const GET_STARTED_EXTERNAL_PATH = "/go/get-started";

/**
 * The published useful links, plus Talent and Freelance journalist: without JavaScript the mobile
 * menu cannot open and its button jumps here instead, so the footer carries every header link.
 */
export const FOOTER_USEFUL_LINKS: readonly SiteLink[] = [
  { label: "Home", to: "/" },
  { label: "Talent", to: "/players" },
  { label: "Freelance journalist", to: "/freelance-journalist" },
  { label: "Features", to: "/#features" },
  { label: "About", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Contact", to: "/contact" },
  { label: "Blog", to: "/blog" },
  { label: "FAQs", to: "/faqs" },
  { label: "For clubs and scouts", to: "/scouts/join" },
  { label: "Privacy Policy", to: "/privacy" },
];

export const LEGAL_LINKS: readonly SiteLink[] = [
  { label: "Terms", to: "/terms" },
  { label: "Privacy", to: "/privacy" },
  { label: "Cookies", to: "/cookies" },
];

export type SocialNetwork = "facebook" | "instagram" | "linkedin";

/** The team's public pages; change the handles here and every page follows. */
export const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: "facebook", label: "Facebook", href: "https://www.facebook.com/touchlineapp" },
  { network: "instagram", label: "Instagram", href: "https://www.instagram.com/touchlineapp" },
  { network: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/company/touchlineapp" },
];

export const CONTACT_DETAILS = {
  email: "hello@touchline.app",
  privacyEmail: "privacy@touchline.app",
  addressLines: ["Touchline", "Lusaka, Zambia"],
} as const;
