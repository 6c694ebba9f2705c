import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithQueryClient } from "../../test/render.tsx";
import { PlayerContactForm } from "./player-contact-form.tsx";

describe("PlayerContactForm in the server's HTML", () => {
  it("cannot be submitted natively before hydration", () => {
    const html = renderToString(
      <WithQueryClient>
        <PlayerContactForm username="mwila10" firstName="Mwila" />
      </WithQueryClient>,
    );
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });
});
