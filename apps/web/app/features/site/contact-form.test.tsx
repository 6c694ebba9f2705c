import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast } from "sonner";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXTRA } from "@touchline/contract/messages";
import { ContactForm } from "./contact-form.tsx";

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <ContactForm />
      <Toaster />
    </>,
  );
  return {
    user,
    name: screen.getByLabelText("Name") as HTMLInputElement,
    email: screen.getByLabelText("Email") as HTMLInputElement,
    message: screen.getByLabelText("Message") as HTMLTextAreaElement,
    send: screen.getByRole("button", { name: "Send Message" }),
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fillValid(f: ReturnType<typeof setup>) {
  await f.user.type(f.name, "Chanda Mulenga");
  await f.user.type(f.email, "chanda@example.zm");
  await f.user.type(f.message, "Do you cover the Super League?");
}

afterEach(() => {
  vi.unstubAllGlobals();
  // Sonner keeps toasts in a module-level store; start every test with none.
  toast.dismiss();
});

describe("ContactForm", () => {
  it("shows a message per field and sends nothing when the form is empty", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const f = setup();
    await f.user.click(f.send);
    expect(await screen.findByText(EXTRA.contactNameRequired)).toBeInTheDocument();
    expect(screen.getByText(EXTRA.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(EXTRA.contactMessageRequired)).toBeInTheDocument();
    expect(f.name).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects a malformed e-mail address", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const f = setup();
    await f.user.type(f.email, "chanda@");
    await f.user.click(f.send);
    expect(await screen.findByText(EXTRA.emailInvalid)).toBeInTheDocument();
  });

  it("posts the message, confirms with a toast and clears the fields", async () => {
    let release!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetchMock);
    const f = setup();
    await fillValid(f);
    await f.user.click(f.send);

    // While the request is in flight the button says so and cannot be pressed twice.
    const sending = await screen.findByRole("button", { name: "Sending…" });
    expect(sending).toBeDisabled();
    release(json(201, { id: "c1" }));

    expect(await screen.findByText(EXTRA.contactSent)).toBeInTheDocument();
    await waitFor(() => expect(f.name.value).toBe(""));
    expect(f.email.value).toBe("");
    expect(f.message.value).toBe("");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/site/contact-messages");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ name: "Chanda Mulenga", email: "chanda@example.zm", message: "Do you cover the Super League?" });
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keeps everything typed and shows a toast when the server fails", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(500, { message: EXTRA.serverError })));
    const f = setup();
    await fillValid(f);
    await f.user.click(f.send);
    expect(await screen.findByText(EXTRA.contactFailed)).toBeInTheDocument();
    expect(f.name.value).toBe("Chanda Mulenga");
    expect(f.email.value).toBe("chanda@example.zm");
    expect(f.message.value).toBe("Do you cover the Super League?");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keeps the content when the connection drops", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const f = setup();
    await fillValid(f);
    await f.user.click(f.send);
    expect(await screen.findByText(EXTRA.contactFailed)).toBeInTheDocument();
    expect(f.message.value).toBe("Do you cover the Super League?");
  });

  it("shows the server's field errors beside the fields", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(400, { message: EXTRA.invalidRequest, errors: { email: "This address cannot receive mail" } })));
    const f = setup();
    await fillValid(f);
    await f.user.click(f.send);
    expect(await screen.findByText("This address cannot receive mail")).toBeInTheDocument();
    expect(f.email).toHaveAttribute("aria-invalid", "true");
    expect(f.email.value).toBe("chanda@example.zm");
  });

  it("cannot be submitted natively before hydration (no GET with the message in the URL)", () => {
    const html = renderToString(<ContactForm />);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });
});
