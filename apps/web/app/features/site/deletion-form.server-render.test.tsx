import { waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import DeletePage from "../../routes/public/delete.tsx";
import { WithQueryClient } from "../../test/render.tsx";

const Stub = createRoutesStub([{ path: "/delete", Component: DeletePage }]);

describe("the deletion page in the server's HTML", () => {
  it("cannot be submitted natively before hydration", async () => {
    const html = renderToString(
      <WithQueryClient>
        <Stub initialEntries={["/delete"]} />
      </WithQueryClient>,
    );
    await waitFor(() => expect(html).toMatch(/<form[^>]*method="post"/));
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Continue/);
  });
});
