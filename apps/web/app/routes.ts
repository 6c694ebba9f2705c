import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page of the product. Each block belongs to one feature; add a route to its block.
 * Static public pages must also be listed in prerendered-paths.ts.
 */
export default [
  // Crawler files: resource routes, rendered per request with the configured public origin.
  route("robots.txt", "routes/public/robots.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),

  layout("routes/public/layout.tsx", [
    // Public website
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("get-started", "routes/public/get-started.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("contact/sent", "routes/public/contact-sent.tsx"),
    route("app-coming", "routes/public/app-coming.tsx"),
    route("app-coming/thanks", "routes/public/app-coming-thanks.tsx"),
    route("freelance-journalist", "routes/public/freelance-journalist.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("cookies", "routes/public/cookies.tsx"),
    route("faqs", "routes/public/faqs.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("delete", "routes/public/delete.tsx"),

    // Talent discovery (/players)
    route("players", "routes/public/players.tsx"),
    route("players/:username", "routes/public/player.tsx"),
    route("players/:username/contact", "routes/public/player-contact.tsx"),

    route("*", "routes/public/not-found.tsx"),
  ]),

  // Player accounts (/auth/*)
  layout("routes/auth/layout.tsx", [
    route("auth/player-login", "routes/auth/player-login.tsx"),
    route("auth/player-register", "routes/auth/player-register.tsx"),
    route("auth/player-register-otp", "routes/auth/player-register-otp.tsx"),
    route("auth/player-forgot-password", "routes/auth/player-forgot-password.tsx"),
    route("auth/player-otp", "routes/auth/player-otp.tsx"),
    route("auth/player-reset-password", "routes/auth/player-reset-password.tsx"),
    // A parent's or guardian's consent, from the link in our SMS.
    route("guardian", "routes/auth/guardian.tsx"),
    // A coach's confirmation that a player plays for them, from the link in our SMS.
    route("coach", "routes/auth/coach.tsx"),
    // Scouts join and log in here; the links we send them open here too.
    route("scouts/join", "routes/auth/scouts-join.tsx"),
    route("scouts/login", "routes/auth/scouts-login.tsx"),
    route("scouts/confirm-email", "routes/auth/scouts-confirm-email.tsx"),
    route("scouts/unsubscribe", "routes/auth/scouts-unsubscribe.tsx"),
  ]),

  // Scout area: the layout asks for a scout's session; add each page as its child.
  layout("routes/scouts/layout.tsx", [
    route("scouts", "routes/scouts/home.tsx"),
    route("scouts/players/:username", "routes/scouts/player.tsx"),
    route("scouts/searches/:id", "routes/scouts/search.tsx"),
  ]),

  // Player area (/player/*): the layout asks for a session; add each page as its child.
  layout("routes/player/layout.tsx", [
    route("player/home", "routes/player/home.tsx"),
    route("player/add-content", "routes/player/add-content.tsx"),
    route("player/profile", "routes/player/profile.tsx"),
    route("player/profile/edit", "routes/player/profile-edit.tsx"),
    route("player/settings", "routes/player/settings.tsx"),
    route("player/requests", "routes/player/requests.tsx"),
  ]),

  // Review console (/admin): the layout asks for a staff session; add each page as its child.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/reviews.tsx"),
    route("changes", "routes/admin/changes.tsx"),
    route("ages", "routes/admin/ages.tsx"),
    route("endorsements", "routes/admin/endorsements.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("deletions", "routes/admin/deletions.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("scouts", "routes/admin/scouts.tsx"),
    route("deliveries", "routes/admin/deliveries.tsx"),
  ]),
] satisfies RouteConfig;
