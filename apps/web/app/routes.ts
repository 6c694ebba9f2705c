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

  // Player area (/player/*)

  // Review console (/admin)
] satisfies RouteConfig;
