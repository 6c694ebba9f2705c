import { render, screen } from "@testing-library/react";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { TALENT } from "@touchline/contract/messages";
import { ErrorBoundary, headers, loader } from "./players.tsx";

const unavailable = {
  talent: { listPlayers: () => Promise.reject(new Error("connection refused")) },
} as unknown as AppLoadContext;
const args = (url: string) =>
  ({ request: new Request(url), context: unavailable, params: {} }) as unknown as Parameters<typeof loader>[0];

describe("/players when the database is away", () => {
  it("answers 503, not cached, with a hint to try again", async () => {
    const thrown = await loader(args("http://localhost/players?position=Goalkeeper")).then(
      () => null,
      (error: unknown) => error as { init: ResponseInit },
    );
    expect(thrown?.init.status).toBe(503);
    const errorHeaders = new Headers(thrown?.init.headers);
    expect(headers({ loaderHeaders: new Headers(), errorHeaders } as unknown as Parameters<typeof headers>[0])).toEqual(
      {
        "cache-control": "no-store",
        "retry-after": "30",
      },
    );
  });

  it("says so in plain words and offers the same list again", async () => {
    const Stub = createRoutesStub([
      {
        path: "/players",
        Component: () => null,
        loader: () => {
          throw new Response(null, { status: 503 });
        },
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/players?position=Goalkeeper"]} />);
    expect(await screen.findByRole("heading", { name: TALENT.listUnavailableTitle })).toBeInTheDocument();
    expect(screen.getByText(TALENT.listUnavailable)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/players?position=Goalkeeper");
  });
});
