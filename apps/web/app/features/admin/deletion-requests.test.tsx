import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN, ADMIN_CONSOLE } from "@touchline/contract/messages";
import { deletionRequest, fakeApi, json, page, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const noAccount = deletionRequest({
  id: "del_2",
  email: "stranger@example.zm",
  matchedAccount: null,
  reason: "other",
  otherReason: "Never signed up",
  daysLeft: -2,
  isOverdue: true,
});

function requests(items = [deletionRequest(), noAccount]) {
  return fakeApi({
    "GET /api/Authorization/session": () => json(200, staffSession("admin")),
    "GET /api/admin/deletion-requests": () => json(200, page(items)),
  });
}

const card = async (email: string) =>
  within((await screen.findByRole("heading", { level: 2, name: email })).closest("article")!);

describe("deletion requests", () => {
  it("shows the days left of the 30, overdue ones highlighted, the matched account and the reason", async () => {
    const api = requests();
    renderConsole("/admin/deletions");
    const matched = await card("chanda@example.zm");
    expect(api.calls("GET /api/admin/deletion-requests")[0]!.url.search).toBe("?status=open&page=1");
    expect(matched.getByText("12 days left of 30")).toBeInTheDocument();
    expect(matched.getByText("Account", { selector: "dt" }).nextElementSibling).toHaveTextContent("chanda10");
    expect(matched.getByText("Reason", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      "Concerned about privacy",
    );

    const overdue = await card("stranger@example.zm");
    expect(overdue.getByText("Overdue by 2 days")).toHaveClass("bg-red-700");
    expect(overdue.getByText("Account", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      ADMIN_CONSOLE.noAccountMatch,
    );
    expect(overdue.getByText("Reason", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      "Other: Never signed up",
    );
  });

  it("shows how each request was confirmed, and offers no way to process one that was not", async () => {
    const own = deletionRequest({ id: "del_3", email: "own@example.zm", confirmedVia: "account" });
    const waiting = deletionRequest({
      id: "del_4",
      email: "waiting@example.zm",
      confirmedAt: null,
      confirmedVia: null,
      confirmExpiresAt: "2026-03-08T10:00:00.000Z",
    });
    const api = requests([deletionRequest(), own, waiting]);
    renderConsole("/admin/deletions?status=unconfirmed");
    const confirmed = (item: Awaited<ReturnType<typeof card>>) =>
      item.getByText("Confirmed", { selector: "dt" }).nextElementSibling;
    expect(confirmed(await card("chanda@example.zm"))).toHaveTextContent(
      "By the link e-mailed to this address, 1 Mar 2026, 12:05",
    );
    expect(confirmed(await card("own@example.zm"))).toHaveTextContent("By the player, logged in to the account");
    const pending = await card("waiting@example.zm");
    expect(confirmed(pending)).toHaveTextContent("Not yet: the e-mailed link works until 8 Mar 2026, 12:00");
    expect(pending.getByText("Awaiting confirmation")).toBeInTheDocument();
    expect(pending.queryByRole("button")).not.toBeInTheDocument();
    expect(pending.queryByText("Due", { selector: "dt" })).not.toBeInTheDocument();
    expect(api.calls("GET /api/admin/deletion-requests")[0]!.url.search).toBe("?status=unconfirmed&page=1");
    expect(screen.getByRole("link", { name: "Awaiting confirmation" })).toHaveAttribute("aria-current", "page");
  });

  it("asks first, saying exactly what will be deleted; Cancel deletes nothing", async () => {
    const api = requests();
    const { user } = renderConsole("/admin/deletions");
    await user.click((await card("chanda@example.zm")).getByRole("button", { name: /^Process/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this account?" });
    expect(dialog).toHaveTextContent(ADMIN_CONSOLE.deleteAccountConfirm("chanda10", "chanda@example.zm"));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(api.calls("POST /api/admin/deletion-requests/del_1/process")).toHaveLength(0);
  });

  it("deletes the account on confirmation and shows the outcome", async () => {
    const api = requests();
    const closed = deletionRequest({
      status: "done",
      closedAt: "2026-03-05T10:00:00.000Z",
      closedBy: "admin1",
      emailSentAt: "2026-03-05T10:00:01.000Z",
      matchedAccount: null,
    });
    api.set("POST /api/admin/deletion-requests/del_1/process", () =>
      json(200, { outcome: "deleted", emailSent: true, message: ADMIN.accountDeleted, request: closed }),
    );
    const { user } = renderConsole("/admin/deletions");
    await user.click((await card("chanda@example.zm")).getByRole("button", { name: /^Process/ }));
    api.set("GET /api/admin/deletion-requests", () => json(200, page([noAccount])));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete account" }));
    // The outcome stays on the page (the toast goes away by itself).
    expect(await within(screen.getByRole("main")).findByText(ADMIN.accountDeleted)).toBeInTheDocument();
    // The toast library loads when the first toast is asked for, so the toast may come a moment later.
    await waitFor(() => expect(screen.getAllByText(ADMIN.accountDeleted)).toHaveLength(2));
    expect(api.calls("POST /api/admin/deletion-requests/del_1/process")).toHaveLength(1);
    expect(screen.queryByRole("heading", { level: 2, name: "chanda@example.zm" })).not.toBeInTheDocument();
  });

  it("closes a request with no account, saying so, and warns when the e-mail was not sent", async () => {
    const api = requests([noAccount]);
    const closed = {
      ...noAccount,
      status: "no-account" as const,
      closedAt: "2026-03-05T10:00:00.000Z",
      closedBy: "admin1",
      emailSentAt: null,
      matchedAccount: null,
    };
    api.set("POST /api/admin/deletion-requests/del_2/process", () =>
      json(200, { outcome: "no-account", emailSent: false, message: ADMIN.noAccountEmailFailed, request: closed }),
    );
    const { user } = renderConsole("/admin/deletions");
    await user.click((await card("stranger@example.zm")).getByRole("button", { name: /^Process/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Close this request?" });
    expect(dialog).toHaveTextContent(ADMIN_CONSOLE.closeNoAccountConfirm("stranger@example.zm"));
    api.set("GET /api/admin/deletion-requests", () => json(200, page([])));
    await user.click(within(dialog).getByRole("button", { name: "Close request" }));
    const outcome = (await within(screen.getByRole("main")).findByText(ADMIN.noAccountEmailFailed)).closest(
      "[role=status]",
    );
    expect(outcome).toHaveTextContent("stranger@example.zm");
    expect(outcome).toHaveClass("bg-amber-50");
  });

  it("offers to retry the e-mail of a closed request that was never told", async () => {
    const closed = deletionRequest({
      status: "done",
      closedAt: "2026-03-05T10:00:00.000Z",
      closedBy: "admin1",
      emailSentAt: null,
      matchedAccount: null,
    });
    const api = requests([closed]);
    api.set("POST /api/admin/deletion-requests/del_1/process", () =>
      json(200, {
        outcome: "deleted",
        emailSent: true,
        message: ADMIN.emailResent,
        request: { ...closed, emailSentAt: "2026-03-06T10:00:00.000Z" },
      }),
    );
    const { user } = renderConsole("/admin/deletions?status=closed");
    const item = await card("chanda@example.zm");
    expect(item.getByText("Account deleted")).toBeInTheDocument();
    expect(item.getByText("E-mail", { selector: "dt" }).nextElementSibling).toHaveTextContent("Not sent");
    await user.click(item.getByRole("button", { name: /^Retry e-mail/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Send the e-mail again?" });
    expect(dialog).toHaveTextContent(ADMIN_CONSOLE.retryEmailConfirm("chanda@example.zm"));
    await user.click(within(dialog).getByRole("button", { name: "Send e-mail" }));
    expect(await within(screen.getByRole("main")).findByText(ADMIN.emailResent)).toBeInTheDocument();
  });

  it("explains a request another staff member processed first", async () => {
    const api = requests([deletionRequest()]);
    api.set("POST /api/admin/deletion-requests/del_1/process", () => json(409, { message: ADMIN.alreadyProcessed }));
    const { user } = renderConsole("/admin/deletions");
    await user.click((await card("chanda@example.zm")).getByRole("button", { name: /^Process/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete account" }));
    expect(await screen.findByText(ADMIN_CONSOLE.conflict(ADMIN.alreadyProcessed))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });
});
