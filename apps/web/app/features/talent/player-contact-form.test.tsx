import { screen, waitFor } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { AUTH, CONTACT, FIELD, TALENT } from "@touchline/contract/messages";
import { PlayerContactForm } from "./player-contact-form.tsx";
import { renderAt } from "../../test/talent-router.tsx";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse as json } from "../../test/render.tsx";

function setup() {
  const rendered = renderAt("/players/mwila10", () => <PlayerContactForm username="mwila10" firstName="Mwila" />);
  return {
    ...rendered,
    name: screen.getByLabelText("Your name") as HTMLInputElement,
    organisation: screen.getByLabelText("Club or organisation") as HTMLInputElement,
    email: screen.getByLabelText("Email") as HTMLInputElement,
    phone: screen.getByLabelText("Phone (optional)") as HTMLInputElement,
    message: screen.getByLabelText("Message") as HTMLTextAreaElement,
    send: screen.getByRole("button", { name: "Send request" }),
  };
}

async function fill(f: ReturnType<typeof setup>) {
  await f.user.type(f.name, "Kelvin Mwansa");
  await f.user.type(f.organisation, "Zesco United FC");
  await f.user.type(f.email, "scouting@zesco.example");
  await f.user.type(f.message, "We would like to invite Mwila to a trial.");
}

const CONTACT_ROUTE = "POST /api/talent/players/:username/contact";

describe("PlayerContactForm", () => {
  it("checks every field with the shared rules and sends nothing when they fail", async () => {
    const started = recordRequests();
    const f = setup();
    await f.user.type(f.phone, "12ab");
    await f.user.click(f.send);
    expect(await screen.findByText(CONTACT.contactNameRequired)).toBeInTheDocument();
    expect(screen.getByText(TALENT.contactOrganisationRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(TALENT.contactPhoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(CONTACT.contactMessageRequired)).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("sends the request about this player, confirms with a toast and clears the form", async () => {
    const api = mockApi({ [CONTACT_ROUTE]: () => json(201, { id: "c1", message: TALENT.contactSent("Mwila") }) });
    const f = setup();
    await fill(f);
    await f.user.click(f.send);
    expect(await screen.findByText(TALENT.contactSent("Mwila"))).toBeInTheDocument();
    await waitFor(() => expect(f.name.value).toBe(""));
    expect(api.sent).toHaveLength(1);
    const [{ url, body }] = api.sent as [(typeof api.sent)[number]];
    expect(url).toBe("/api/talent/players/mwila10/contact");
    expect(body).toEqual({
      name: "Kelvin Mwansa",
      organisation: "Zesco United FC",
      email: "scouting@zesco.example",
      phone: null,
      message: "We would like to invite Mwila to a trial.",
    });
  });

  it("keeps everything typed when sending fails, with the limit's own words", async () => {
    mockApi({ [CONTACT_ROUTE]: () => json(429, { message: AUTH.tooManyAttempts(42) }) });
    const f = setup();
    await fill(f);
    await f.user.click(f.send);
    expect(await screen.findByText(AUTH.tooManyAttempts(42))).toBeInTheDocument();
    expect(f.name.value).toBe("Kelvin Mwansa");
    expect(f.message.value).toBe("We would like to invite Mwila to a trial.");
    expect(screen.getByRole("button", { name: "Send request" })).toBeEnabled();
  });

  it("keeps the content when the connection drops", async () => {
    mockApi({ [CONTACT_ROUTE]: () => HttpResponse.error() });
    const f = setup();
    await fill(f);
    await f.user.click(f.send);
    expect(await screen.findByText(TALENT.contactFailed)).toBeInTheDocument();
    expect(f.organisation.value).toBe("Zesco United FC");
  });
});
