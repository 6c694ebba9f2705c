import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse } from "../../test/render.tsx";
import ScoutsLogin from "./scouts-login.tsx";

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function setup(me: () => Response, at = "/scouts/login") {
  mockApi({ "GET /api/scouts/me": me });
  const Stub = createRoutesStub([
    { path: "/scouts/login", Component: ScoutsLogin },
    { path: "*", Component: Where },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[at]} />
    </QueryClientProvider>,
  );
}

const scout = { id: "s1", firstName: "Mutale", lastName: "Phiri", state: "verified" };

describe("/scouts/login", () => {
  it("sends a scout who is logged in already to the scout area", async () => {
    setup(() => jsonResponse(200, scout));
    expect(await screen.findByTestId("location")).toHaveTextContent("/scouts");
  });

  it("or to the page they were headed for", async () => {
    setup(() => jsonResponse(200, scout), "/scouts/login?next=%2Fscouts%2Fplayers%2Fchanda10");
    expect(await screen.findByTestId("location")).toHaveTextContent("/scouts/players/chanda10");
  });

  it("shows the form to a visitor who is not logged in, and to a player", async () => {
    for (const status of [401, 403]) {
      setup(() => jsonResponse(status, { message: "no" }));
      expect(await screen.findByRole("heading", { name: "Scout log in" })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId("location")).toBeNull();
      document.body.innerHTML = "";
    }
  });
});
