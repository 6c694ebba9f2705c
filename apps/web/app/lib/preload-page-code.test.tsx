import { act, render, screen } from "@testing-library/react";
import type { ContextType } from "react";
import { createMemoryRouter, RouterProvider, UNSAFE_FrameworkContext as FrameworkContext } from "react-router";
import { describe, expect, it } from "vitest";
import { PreloadPageCode } from "./preload-page-code.tsx";

type Framework = NonNullable<ContextType<typeof FrameworkContext>>;
type ManifestRoute = Framework["manifest"]["routes"][string];

const route = (id: string, module: string, imports: string[] = []) =>
  ({
    id,
    module,
    imports,
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  }) as unknown as ManifestRoute;

/**
 * The player area as the browser's router knows it after opening /player/profile: the root,
 * the layout and the profile are loaded; the other pages become known as links to them appear.
 */
function setup() {
  const manifest = {
    routes: {
      root: route("root", "/assets/root.js"),
      "routes/player/layout": route("routes/player/layout", "/assets/layout.js"),
      "routes/player/profile": route("routes/player/profile", "/assets/profile.js"),
    },
  } as unknown as Framework["manifest"];
  const framework = { manifest, routeModules: { root: {}, "routes/player/layout": {}, "routes/player/profile": {} } };
  const router = createMemoryRouter(
    [
      {
        id: "root",
        children: [
          {
            id: "routes/player/layout",
            children: [
              {
                id: "routes/player/profile",
                path: "/player/profile",
                Component: () => (
                  <nav aria-label="menu">
                    <PreloadPageCode to="/player/requests" />
                    <PreloadPageCode to="/player/profile" />
                  </nav>
                ),
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: ["/player/profile"] },
  );
  const { container } = render(
    <FrameworkContext.Provider value={framework as unknown as Framework}>
      <RouterProvider router={router} />
    </FrameworkContext.Provider>,
  );
  const hints = () =>
    [...container.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"));
  /** The router learns of the requests page, as it does when the server answers for a link to it. */
  const discoverRequests = () =>
    act(() => {
      manifest.routes["routes/player/requests"] = route("routes/player/requests", "/assets/requests.js", [
        "/assets/shared-list.js",
      ]);
      router.patchRoutes("routes/player/layout", [{ id: "routes/player/requests", path: "/player/requests" }]);
    });
  return { hints, discoverRequests };
}

describe("PreloadPageCode", () => {
  it("hints the files of a page once the router knows it, and none of the code already running", async () => {
    const { hints, discoverRequests } = setup();
    expect(await screen.findByRole("navigation", { name: "menu" })).toBeInTheDocument();
    // The page's route is not known yet: nothing to fetch.
    expect(hints()).toEqual([]);

    discoverRequests();

    expect(hints()).toEqual(["/assets/requests.js", "/assets/shared-list.js"]);
  });
});
