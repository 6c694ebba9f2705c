import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CONTACT, FIELD, INPUT } from "@touchline/contract/messages";
import type { ContactMessageInput } from "@touchline/contract/site";
import { CONTACT_SENT_PATH, contactAction } from "./contact-action.server.ts";
import { ContactForm } from "./contact-form.tsx";

/** The form on /contact with the real action behind it; only the store is a fake. */
function setup(save: (message: ContactMessageInput) => Promise<{ id: string }> = async () => ({ id: "c1" })) {
  const saveContactMessage = vi.fn(save);
  const context = { site: { saveContactMessage } } as unknown as AppLoadContext;
  const Stub = createRoutesStub(
    [
      {
        path: "/contact",
        Component: () => <ContactForm action="/contact" anchor="contact-form" />,
        action: contactAction,
      },
      { path: CONTACT_SENT_PATH, Component: () => <h1>Sent page</h1> },
    ],
    context,
  );
  const user = userEvent.setup();
  render(<Stub initialEntries={["/contact"]} />);
  return {
    user,
    saveContactMessage,
    name: screen.getByLabelText("Name") as HTMLInputElement,
    email: screen.getByLabelText("Email") as HTMLInputElement,
    message: screen.getByLabelText("Message") as HTMLTextAreaElement,
    send: screen.getByRole("button", { name: "Send Message" }),
  };
}

async function fillValid(f: ReturnType<typeof setup>) {
  await f.user.type(f.name, "Chanda Mulenga");
  await f.user.type(f.email, "chanda@example.zm");
  await f.user.type(f.message, "Do you cover the Super League?");
}

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

describe("ContactForm", () => {
  it("is a plain HTML post to its own page, usable without any JavaScript", () => {
    const f = setup();
    const form = f.send.closest("form")!;
    // method="post" (never a GET that would put the message in the URL), back to the form's place.
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/contact#contact-form");
    expect([f.name.name, f.email.name, f.message.name]).toEqual(["name", "email", "message"]);
    expect(f.send).toBeEnabled();
  });

  it("shows a message per field and stores nothing when the form is empty", async () => {
    const f = setup();
    await f.user.click(f.send);
    expect(await screen.findByText(CONTACT.contactNameRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT.contactMessageRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT.contactInvalid)).toBeInTheDocument();
    expect(f.name).toHaveAttribute("aria-invalid", "true");
    expect(f.saveContactMessage).not.toHaveBeenCalled();
  });

  it("rejects a malformed e-mail address and keeps everything typed", async () => {
    const f = setup();
    await f.user.type(f.name, "Chanda");
    await f.user.type(f.email, "chanda@");
    await f.user.type(f.message, "Hello");
    await f.user.click(f.send);
    expect(await screen.findByText(FIELD.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(CONTACT.contactNameRequired)).not.toBeInTheDocument();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Chanda");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Hello");
    expect(f.saveContactMessage).not.toHaveBeenCalled();
  });

  it("stores the checked message and lands on the confirmation page", async () => {
    const f = setup();
    await fillValid(f);
    await f.user.click(f.send);
    expect(await screen.findByRole("heading", { name: "Sent page" })).toBeInTheDocument();
    expect(f.saveContactMessage).toHaveBeenCalledTimes(1);
    expect(f.saveContactMessage).toHaveBeenCalledWith({
      name: "Chanda Mulenga",
      email: "chanda@example.zm",
      message: "Do you cover the Super League?",
    });
  });

  it("says so and keeps everything typed when the message cannot be stored", async () => {
    const f = setup(async () => {
      throw new Error("database away");
    });
    await fillValid(f);
    await f.user.click(f.send);
    expect(await screen.findByText(CONTACT.contactFailed)).toBeInTheDocument();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Chanda Mulenga");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("chanda@example.zm");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Do you cover the Super League?");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

describe("contactAction (a plain form post, no JavaScript)", () => {
  const context = (save = vi.fn(async () => ({ id: "c1" }))) => ({
    save,
    context: { site: { saveContactMessage: save } } as unknown as AppLoadContext,
  });

  it("answers 303 to the confirmation page once the message is stored", async () => {
    const { save, context: ctx } = context();
    const response = (await contactAction({
      request: post({ name: " Chanda ", email: "chanda@example.zm", message: "Hi" }),
      context: ctx,
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${CONTACT_SENT_PATH}#main`);
    expect(save).toHaveBeenCalledWith({ name: "Chanda", email: "chanda@example.zm", message: "Hi" });
  });

  it("answers 400 with each field's error and the values as typed", async () => {
    const { save, context: ctx } = context();
    const result = (await contactAction({
      request: post({ name: "", email: "x", message: "Hi" }),
      context: ctx,
    })) as unknown as { init: ResponseInit; data: unknown };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      values: { name: "", email: "x", message: "Hi" },
      errors: { name: CONTACT.contactNameRequired, email: FIELD.emailInvalid },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it("answers 400 for a NUL character, and stores the message without invisible characters", async () => {
    const { save, context: ctx } = context();
    const refused = (await contactAction({
      request: post({ name: "Chanda", email: "chanda@example.zm", message: "Hi\u0000 there" }),
      context: ctx,
    })) as unknown as { init: ResponseInit; data: { errors: Record<string, string> } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ message: INPUT.controlCharacters });
    expect(save).not.toHaveBeenCalled();

    const sent = (await contactAction({
      request: post({ name: "\u202EChanda\u200B", email: "chanda@example.zm", message: "Hi\u2066 there" }),
      context: ctx,
    })) as Response;
    expect(sent.status).toBe(303);
    expect(save).toHaveBeenCalledWith({ name: "Chanda", email: "chanda@example.zm", message: "Hi there" });
  });

  it("answers 503 with the failure message and the values when storing fails", async () => {
    const { context: ctx } = context(vi.fn(async () => Promise.reject(new Error("down"))));
    const result = (await contactAction({
      request: post({ name: "A", email: "a@b.zm", message: "Hi" }),
      context: ctx,
    })) as unknown as { init: ResponseInit; data: unknown };
    expect(result.init.status).toBe(503);
    expect(result.data).toEqual({
      values: { name: "A", email: "a@b.zm", message: "Hi" },
      errors: {},
      failed: CONTACT.contactFailed,
    });
  });
});
