import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION } from "@touchline/contract/messages";
import Privacy from "./privacy.tsx";

describe("privacy page in the server's HTML", () => {
  it("keeps the flag out of the server-rendered HTML, which is the same for every visitor", async () => {
    const routes = [{ path: "/privacy", Component: Privacy }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/privacy?deletionRequested=1"));
    if (context instanceof Response) throw new Error("unexpected response");
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
    );
    expect(html).toContain("Privacy Policy");
    expect(html).not.toContain(ACCOUNT_DELETION.deletionReceived);
  });
});
