import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AGE_REFUSAL_REASON_MAX } from "@touchline/contract/limits";
import { ADMIN_CONSOLE, AGE_CHECK } from "@touchline/contract/messages";
import { ageCheckItem, fakeApi, json, page, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const byPlayer = ageCheckItem({
  id: "age_2",
  username: "mwila7",
  firstName: "Mwila",
  lastName: "Phiri",
  dateOfBirth: "2004-11-02",
  age: 21,
  documentKind: "nrc",
  sentBy: "player",
  sentAt: "2026-03-02T14:30:00.000Z",
  documentPath: "/api/admin/age-checks/age_2/document",
});

function queue(items = [ageCheckItem(), byPlayer]) {
  return fakeApi({
    "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
    "GET /api/admin/age-checks": () => json(200, page(items)),
  });
}

// By its label, not its role: role queries weigh the whole console, slow on a busy machine.
const card = async (name = "Chanda Mulenga") =>
  within(await screen.findByLabelText(`Age check of ${name}`, { selector: "article" }));

/** The value beside a label of the card's facts. */
const fact = (item: Awaited<ReturnType<typeof card>>, label: string) =>
  item.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("age checks", () => {
  it("lists each waiting check with the name, the long date of birth, the document, who sent it and its photo", async () => {
    const api = queue();
    renderConsole("/admin/ages");
    const minor = await card();
    expect(api.calls("GET /api/admin/age-checks")[0]!.url.search).toBe("?page=1");
    expect(screen.getByRole("heading", { level: 1, name: "Age checks" })).toBeInTheDocument();
    expect(screen.getByText("2 checks")).toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "Review console" }))
        .getByText("Age checks")
        .closest("a"),
    ).toHaveAttribute("aria-current", "page");

    expect(minor.getByRole("heading", { level: 2, name: "Chanda Mulenga" })).toBeInTheDocument();
    expect(minor.getByText("@chanda10")).toBeInTheDocument();
    // Written out, so that 03/04 cannot be read as either day or month.
    expect(fact(minor, "Date of birth")).toBe("17 March 2009 (16)");
    expect(fact(minor, "Document")).toBe("Birth certificate");
    expect(fact(minor, "Sent by")).toBe("Parent or guardian");
    expect(fact(minor, "Sent")).toBe("1 Mar 2026, 10:00");
    const photo = minor.getByAltText("Birth certificate sent for Chanda Mulenga");
    expect(photo).toHaveAttribute("src", "/api/admin/age-checks/age_1/document");
    expect(photo.closest("a")).toHaveAttribute("href", "/api/admin/age-checks/age_1/document");
    expect(photo.closest("a")).toHaveAttribute("target", "_blank");
  });

  it("says who sent a check, the player or a parent, and offers the two decisions", async () => {
    queue();
    renderConsole("/admin/ages");
    const adult = await card("Mwila Phiri");
    expect(fact(adult, "Date of birth")).toBe("2 November 2004 (21)");
    expect(fact(adult, "Document")).toBe("National Registration Card (NRC)");
    expect(fact(adult, "Sent by")).toBe("The player");
    expect(adult.getByAltText("National Registration Card (NRC) sent for Mwila Phiri")).toHaveAttribute(
      "src",
      "/api/admin/age-checks/age_2/document",
    );
    expect(adult.getAllByRole("button").map((button) => button.textContent)).toEqual(["Refuse", "Verify age"]);
  });

  it("asks before verifying, naming the date of birth; Cancel verifies nothing", async () => {
    const api = queue();
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Verify age" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Verify this age?" });
    expect(dialog).toHaveTextContent(
      `The name and the date of birth 17 March 2009 match the document. Scouts will see "${AGE_CHECK.badge}" on Chanda's profile, and the photo is deleted.`,
    );
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(api.calls("POST /api/admin/age-checks/age_1/verify")).toHaveLength(0);
  });

  it("verifies on confirmation, says so, and the check leaves the queue", async () => {
    const api = queue();
    api.set("POST /api/admin/age-checks/age_1/verify", () => json(200, { message: AGE_CHECK.verifiedByStaff }));
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Verify age" }));
    api.set("GET /api/admin/age-checks", () => json(200, page([byPlayer])));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Verify this age?" }));
    await user.click(dialog.getByRole("button", { name: "Verify age" }));

    expect(await screen.findByText(AGE_CHECK.verifiedByStaff)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Age check of Chanda Mulenga")).not.toBeInTheDocument());
    expect(await card("Mwila Phiri")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(api.calls("POST /api/admin/age-checks/age_1/verify")).toHaveLength(1);
    expect(api.calls("POST /api/admin/age-checks/age_2/verify")).toHaveLength(0);
  });

  it("explains a check another staff member decided first", async () => {
    const api = queue([ageCheckItem()]);
    api.set("POST /api/admin/age-checks/age_1/verify", () => json(409, { message: AGE_CHECK.notPending }));
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Verify age" }));
    api.set("GET /api/admin/age-checks", () => json(200, page([])));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Verify age" }));
    expect(await screen.findByText(ADMIN_CONSOLE.conflict(AGE_CHECK.notPending))).toBeInTheDocument();
    expect(await screen.findByText("No age checks are waiting.")).toBeInTheDocument();
  });

  it("will not refuse without a reason, and counts its characters", async () => {
    const api = queue();
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Refuse" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Refuse Chanda Mulenga's age check" }));
    expect(screen.getByRole("dialog")).toHaveTextContent(
      "The player reads the reason and may send another document. The photo is deleted.",
    );
    const reason = dialog.getByLabelText("Reason the player will see");
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    expect(reason).toHaveAttribute("maxlength", String(AGE_REFUSAL_REASON_MAX));
    expect(dialog.getByText(`0/${AGE_REFUSAL_REASON_MAX} characters`)).toBeInTheDocument();

    await user.click(dialog.getByRole("button", { name: "Refuse age check" }));
    expect(await dialog.findByText(AGE_CHECK.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    // Spaces alone are no reason either.
    await user.type(reason, "   ");
    await user.click(dialog.getByRole("button", { name: "Refuse age check" }));
    expect(await dialog.findByText(AGE_CHECK.reasonRequired)).toBeInTheDocument();
    expect(api.calls("POST /api/admin/age-checks/age_1/refuse")).toHaveLength(0);
  });

  it("sends the reason, says so, and the check leaves the queue", async () => {
    const api = queue();
    api.set("POST /api/admin/age-checks/age_1/refuse", () => json(200, { message: AGE_CHECK.refusedByStaff }));
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Refuse" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Refuse Chanda Mulenga's age check" }));
    api.set("GET /api/admin/age-checks", () => json(200, page([byPlayer])));
    const words = "Blurred date.";
    await user.type(dialog.getByLabelText("Reason the player will see"), words);
    expect(dialog.getByText(`${words.length}/${AGE_REFUSAL_REASON_MAX} characters`)).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Refuse age check" }));

    expect(await screen.findByText(AGE_CHECK.refusedByStaff)).toBeInTheDocument();
    expect(api.calls("POST /api/admin/age-checks/age_1/refuse").map((call) => call.body)).toEqual([{ reason: words }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByLabelText("Age check of Chanda Mulenga")).not.toBeInTheDocument());
    expect(await card("Mwila Phiri")).toBeTruthy();
  });

  it("keeps the dialog open with the server's verdict under the reason when it refuses it", async () => {
    const api = queue();
    api.set("POST /api/admin/age-checks/age_1/refuse", () =>
      json(400, { message: "Check the reason.", errors: { reason: AGE_CHECK.reasonTooLong(AGE_REFUSAL_REASON_MAX) } }),
    );
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Refuse" }));
    const dialog = within(await screen.findByRole("dialog"));
    const reason = dialog.getByLabelText("Reason the player will see");
    await user.type(reason, "Not a document.");
    await user.click(dialog.getByRole("button", { name: "Refuse age check" }));

    const verdict = await dialog.findByText(AGE_CHECK.reasonTooLong(AGE_REFUSAL_REASON_MAX));
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason.getAttribute("aria-describedby")?.split(" ")).toContain(verdict.id);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(reason).toHaveValue("Not a document.");
    expect(api.calls("POST /api/admin/age-checks/age_1/refuse")).toHaveLength(1);
    expect(await card()).toBeTruthy();
  });

  it("closes the refusal when another staff member decided first, and says so", async () => {
    const api = queue([ageCheckItem()]);
    api.set("POST /api/admin/age-checks/age_1/refuse", () => json(409, { message: AGE_CHECK.notPending }));
    const { user } = renderConsole("/admin/ages");
    await user.click((await card()).getByRole("button", { name: "Refuse" }));
    const dialog = within(await screen.findByRole("dialog"));
    api.set("GET /api/admin/age-checks", () => json(200, page([])));
    await user.type(dialog.getByLabelText("Reason the player will see"), "Not a document.");
    await user.click(dialog.getByRole("button", { name: "Refuse age check" }));
    expect(await screen.findByText(ADMIN_CONSOLE.conflict(AGE_CHECK.notPending))).toBeInTheDocument();
    // Nothing is left to refuse: the dialog goes and the refreshed queue says where things stand.
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("No age checks are waiting.")).toBeInTheDocument();
    expect(api.calls("POST /api/admin/age-checks/age_1/refuse")).toHaveLength(1);
  });

  it("says when no check is waiting", async () => {
    queue([]);
    renderConsole("/admin/ages");
    expect(await screen.findByText("No age checks are waiting.")).toBeInTheDocument();
    expect(screen.getByText("0 checks")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  // Two retries with back-off take 3 s before the page gives up: over 5 s on a busy machine.
  it("offers a retry when the queue cannot be loaded", { timeout: 15_000 }, async () => {
    const api = queue();
    api.set("GET /api/admin/age-checks", () => json(500, { message: "Boom" }));
    const { user } = renderConsole("/admin/ages");
    // Server failures are retried twice (with back-off) before the page gives up.
    expect(await screen.findByText(ADMIN_CONSOLE.loadFailed, {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(api.calls("GET /api/admin/age-checks")).toHaveLength(3);
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    api.set("GET /api/admin/age-checks", () => json(200, page([ageCheckItem()])));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await card()).toBeTruthy();
  });
});
