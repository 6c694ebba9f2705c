import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN, ADMIN_CONSOLE } from "@touchline/contract/messages";
import { contactMessage, fakeApi, json, page, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const clubRequest = contactMessage({
  id: "msg_2",
  name: "Coach Mwansa",
  email: "mwansa@nkana.example",
  message: "We would like Chanda at our trial on Saturday.\nPlease call me.",
  source: "player-contact",
  organisation: "Nkana FC",
  phone: "+260 97 1234567",
  playerUsername: "chanda10",
  playerId: "6b1f0c1e-0000-4000-8000-000000000000",
  clubCountry: "Zambia",
});

function inbox(items = [contactMessage(), clubRequest]) {
  return fakeApi({
    "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
    "GET /api/admin/contact-messages": () => json(200, page(items)),
  });
}

const card = async (name: string) =>
  within((await screen.findByRole("heading", { level: 2, name })).closest("article")!);

describe("contact inbox", () => {
  it("shows who wrote, how to answer, where it came from and when", async () => {
    const api = inbox();
    renderConsole("/admin/messages");
    const site = await card("Bwalya Phiri");
    expect(api.calls("GET /api/admin/contact-messages")[0]!.url.search).toBe("?status=open&page=1");
    expect(site.getByRole("link", { name: "bwalya@example.zm" })).toHaveAttribute("href", "mailto:bwalya@example.zm");
    expect(site.getByText("Website contact form")).toBeInTheDocument();
    expect(site.getByText("When is the app coming to my phone?")).toBeInTheDocument();
    expect(site.getByText("2 Mar 2026, 11:30")).toBeInTheDocument();
    expect(site.queryByText("Organisation")).not.toBeInTheDocument();

    const club = await card("Coach Mwansa");
    const field = (label: string) => club.getByText(label, { selector: "dt" }).nextElementSibling!;
    expect(field("Source")).toHaveTextContent("A club or scout asking about a player");
    expect(field("Organisation")).toHaveTextContent("Nkana FC");
    expect(within(field("Phone") as HTMLElement).getByRole("link")).toHaveAttribute("href", "tel:+260971234567");
    expect(within(field("About player") as HTMLElement).getByRole("link", { name: "chanda10" })).toHaveAttribute(
      "href",
      "/players/chanda10",
    );
    // A field this page does not know yet is still shown; internal ids are not.
    expect(field("Club country")).toHaveTextContent("Zambia");
    expect(club.queryByText(/6b1f0c1e/)).not.toBeInTheDocument();
    expect(club.getByText(/We would like Chanda at our trial/)).toBeInTheDocument();
  });

  it("marks a message handled and refreshes the list", async () => {
    const api = inbox([contactMessage()]);
    api.set("POST /api/admin/contact-messages/msg_1/handled", () =>
      json(200, contactMessage({ handledAt: "2026-03-03T09:00:00.000Z", handledBy: "reviewer1" })),
    );
    const { user } = renderConsole("/admin/messages");
    const item = await card("Bwalya Phiri");
    api.set("GET /api/admin/contact-messages", () => json(200, page([])));
    await user.click(item.getByRole("button", { name: /^Mark handled/ }));
    const dialog = await screen.findByRole("alertdialog", { name: ADMIN_CONSOLE.handledConfirm.title("Bwalya Phiri") });
    expect(api.calls("POST /api/admin/contact-messages/msg_1/handled")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Mark handled" }));
    expect(await screen.findByText(ADMIN_CONSOLE.handled)).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_CONSOLE.contactEmpty.open)).toBeInTheDocument();
    expect(api.calls("POST /api/admin/contact-messages/msg_1/handled")).toHaveLength(1);
  });

  it("says when someone else handled it first", async () => {
    const api = inbox([contactMessage()]);
    api.set("POST /api/admin/contact-messages/msg_1/handled", () => json(409, { message: ADMIN.alreadyHandled }));
    const { user } = renderConsole("/admin/messages");
    await user.click((await card("Bwalya Phiri")).getByRole("button", { name: /^Mark handled/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Mark handled" }));
    expect(await screen.findByText(ADMIN_CONSOLE.conflict(ADMIN.alreadyHandled))).toBeInTheDocument();
    await waitFor(() => expect(api.calls("GET /api/admin/contact-messages")).toHaveLength(2));
  });

  it("lists handled messages with who handled them, without the button", async () => {
    const api = inbox([contactMessage({ handledAt: "2026-03-03T09:00:00.000Z", handledBy: "reviewer1" })]);
    renderConsole("/admin/messages?status=handled");
    const item = await card("Bwalya Phiri");
    expect(api.calls("GET /api/admin/contact-messages")[0]!.url.searchParams.get("status")).toBe("handled");
    expect(item.getByText("Handled 3 Mar 2026, 11:00 by reviewer1")).toBeInTheDocument();
    expect(item.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Handled" })).toHaveAttribute("aria-current", "page");
  });
});
