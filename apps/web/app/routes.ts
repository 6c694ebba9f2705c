import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page of the product. Each block belongs to one feature; add a route to its block.
 * Static public pages must also be listed in prerendered-paths.ts.
 */
export default [
  layout("routes/public/layout.tsx", [
    // Public website
    index("routes/public/home.tsx"),
    route("delete", "routes/public/delete.tsx"),

    // Talent discovery (/players)

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
  ]),

  // Player area (/player/*): the layout asks for a session; add each page as its child.
  layout("routes/player/layout.tsx", [
    route("player/settings", "routes/player/settings.tsx"),
  ]),

  // Review console (/admin)
] satisfies RouteConfig;
