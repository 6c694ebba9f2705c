import { render, screen, waitFor } from "@testing-library/react";
import { toast as sonnerToast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../components/toast-host.tsx";
import { toast } from "./toast.ts";

describe("toast", () => {
  // sonner keeps its toasts in a module-level store: leave none for the next test.
  afterEach(() => {
    sonnerToast.dismiss();
  });

  it("shows a toast asked for before the host is in the page once the host mounts", async () => {
    toast.error("Could not save your profile");
    render(<ToastHost />);
    expect(await screen.findByText("Could not save your profile")).toBeInTheDocument();
  });

  it("shows one toast at a time: a new one closes the one before, in the order asked for", async () => {
    render(<ToastHost visibleToasts={3} />);
    toast.success("first");
    toast.info("second");
    await screen.findByText("second");
    await waitFor(() => expect(screen.queryByText("first")).toBeNull());
    const titles = sonnerToast.getHistory().map((shown) => ("title" in shown ? shown.title : null));
    expect(titles.slice(-2)).toEqual(["first", "second"]);
  });

  it("dismisses a toast by its id", async () => {
    render(<ToastHost />);
    toast.warning("Your upload is paused", { id: "upload" });
    await screen.findByText("Your upload is paused");
    toast.dismiss("upload");
    await waitFor(() => expect(screen.queryByText("Your upload is paused")).toBeNull());
  });

  it("shows a toast that replaces one of the same id while that one is closing", async () => {
    render(<ToastHost />);
    // The first closes on its own after 50 ms, then animates out for 200 ms: the second arrives then.
    toast.info("Code sent", { id: "code", duration: 50 });
    await screen.findByText("Code sent");
    await waitFor(() => expect(document.querySelector('[data-removed="true"]')).not.toBeNull());
    toast.success("Verification successful", { id: "code" });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByText("Verification successful")).toBeVisible();
  });

  it("replaces an open toast of the same id in place: one toast, never two", async () => {
    render(<ToastHost />);
    toast.error("Login failed", { id: "login" });
    await screen.findByText("Login failed");
    toast.error("Login failed", { id: "login" });
    toast.success("Welcome back", { id: "login" });
    await screen.findByText("Welcome back");
    expect(screen.queryByText("Login failed")).toBeNull();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
  });
});
