import type { IconName } from "../../components/icons.tsx";

/** The home page's lists, kept apart from the markup. */

export const FEATURES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "live",
    title: "Live Scores & Updates",
    text: "Goals, cards, substitutions and final whistles the moment they happen, with notifications for the matches you follow.",
  },
  {
    icon: "news",
    title: "News & Highlight Reels",
    text: "Breaking news, transfer talk and short highlight reels of the big moments, so you can catch up in a minute.",
  },
  {
    icon: "standings",
    title: "League Standings",
    text: "Up-to-date tables, form guides and top scorers for more than 500 leagues, from the Super League to the Champions League.",
  },
  {
    icon: "store",
    title: "Club Store",
    text: "Shirts, scarves and other official merchandise from your club, bought straight from the app.",
  },
  {
    icon: "feed",
    title: "Personalised Feed",
    text: "Subscribe to your favourite clubs and your feed shows their news, fixtures and results first.",
  },
  {
    icon: "fixtures",
    title: "Match Fixtures",
    text: "Every upcoming match in your time zone, with kick-off reminders and the venue, so you never miss a game.",
  },
];

export const STATS: readonly { value: string; label: string }[] = [
  { value: "10M+", label: "Active users and downloads" },
  { value: "200+", label: "Countries" },
  { value: "500+", label: "Leagues covered" },
  { value: "0.5s", label: "Update speed" },
  { value: "Free", label: "Download on iOS and Android" },
  { value: "24/7", label: "Support" },
];

export const SERVICES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "stream",
    title: "Live Match Streaming",
    text: "Watch selected matches live in the app, or follow them minute by minute with live commentary when you cannot watch.",
  },
  {
    icon: "analysis",
    title: "In-depth Analysis",
    text: "Line-ups, match statistics and expert previews and reviews that explain why a game went the way it did.",
  },
  {
    icon: "community",
    title: "Fan Community",
    text: "Comment on matches, share predictions and talk football with supporters of your club and your rivals.",
  },
  {
    icon: "talent",
    title: "Talent Showcase",
    text: "Players in Zambia upload highlight videos and a profile that clubs and scouts can browse once it is approved.",
  },
];
