import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NOTIFY_BY_FORM } from "@touchline/contract/inbox";
import { NOTIFICATIONS } from "@touchline/contract/notifications";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { NotifyByForm } from "./notify-by-form.tsx";

describe("NotifyByForm", () => {
  it("starts from the saved choice and saves e-mail instead of SMS", async () => {
    const api = mockApi({
      "GET /api/player/settings": () => jsonResponse(200, { notifyBy: "sms" }),
      "PUT /api/player/settings": ({ body }) => jsonResponse(200, body),
    });
    const { user } = renderScreen(<NotifyByForm />);
    const choice = await screen.findByLabelText(NOTIFY_BY_FORM.label);
    expect(choice).toHaveValue("sms");
    await user.selectOptions(choice, "email");
    await user.click(screen.getByRole("button", { name: NOTIFY_BY_FORM.save }));
    expect(await screen.findByText(NOTIFICATIONS.settingsSaved)).toBeInTheDocument();
    expect(api.calls("PUT /api/player/settings").map((call) => call.body)).toEqual([{ notifyBy: "email" }]);
  });

  it("says so when the choice cannot be loaded, and offers no form to overwrite it", async () => {
    mockApi({ "GET /api/player/settings": () => jsonResponse(500, { message: "down" }) });
    renderScreen(<NotifyByForm />);
    expect(await screen.findByText(NOTIFY_BY_FORM.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: NOTIFY_BY_FORM.save })).not.toBeInTheDocument();
  });
});
