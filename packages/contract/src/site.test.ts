import { describe, expect, it } from "vitest";
import { contactMessageSchema, deletionRequestSchema, readContactForm } from "./site.ts";
import { ACCOUNT_DELETION, CONTACT, FIELD } from "./messages.ts";

function firstErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("contactMessageSchema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = contactMessageSchema.parse({ name: " Mwila ", email: "mwila@example.zm", message: "Hello" });
    expect(parsed.name).toBe("Mwila");
  });
  it("names every missing field", () => {
    const errors = firstErrors(contactMessageSchema.safeParse({ name: "", email: "nope", message: "" }));
    expect(errors).toEqual({
      name: CONTACT.contactNameRequired,
      email: FIELD.emailInvalid,
      message: CONTACT.contactMessageRequired,
    });
  });
});

describe("deletionRequestSchema", () => {
  const valid = { email: "a@b.co", understand: true, confirmation_text: "DELETE MY ACCOUNT", confirmation: true };
  it("accepts the exact phrase", () => {
    expect(deletionRequestSchema.safeParse(valid).success).toBe(true);
  });
  it("rejects the phrase in another case", () => {
    const errors = firstErrors(deletionRequestSchema.safeParse({ ...valid, confirmation_text: "delete my account" }));
    expect(errors.confirmation_text).toBe(ACCOUNT_DELETION.confirmationTextMismatch);
  });
  it("requires both ticks", () => {
    const errors = firstErrors(deletionRequestSchema.safeParse({ ...valid, understand: false, confirmation: false }));
    expect(errors).toEqual({
      understand: ACCOUNT_DELETION.understandRequired,
      confirmation: ACCOUNT_DELETION.confirmationCheckboxRequired,
    });
  });
});

describe("readContactForm", () => {
  it("returns the trimmed message of a valid form and the values as typed", () => {
    const form = new URLSearchParams({ name: " Chanda ", email: "chanda@example.zm", message: "Hello" });
    expect(readContactForm(form)).toEqual({
      ok: true,
      values: { name: " Chanda ", email: "chanda@example.zm", message: "Hello" },
      message: { name: "Chanda", email: "chanda@example.zm", message: "Hello" },
    });
  });

  it("names each bad field once, in the schema's words, and keeps what was typed", () => {
    const form = new URLSearchParams({ name: "", email: "not-an-address", message: "Still here" });
    expect(readContactForm(form)).toEqual({
      ok: false,
      values: { name: "", email: "not-an-address", message: "Still here" },
      errors: { name: CONTACT.contactNameRequired, email: FIELD.emailInvalid },
    });
  });

  it("treats missing fields and uploaded files as empty text", () => {
    const form = new FormData();
    form.set("name", new Blob(["x"]));
    const result = readContactForm(form);
    expect(result.values).toEqual({ name: "", email: "", message: "" });
    expect(result.ok).toBe(false);
  });
});
