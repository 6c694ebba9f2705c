import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { CheckboxField, TextField } from "../components/field.tsx";
import { useSchemaForm } from "./use-schema-form.ts";

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Enter your name")),
  age: z.coerce.number({ error: "Enter your age" }).check(z.refine((n) => n >= 14, "You must be 14 or older")),
  agree: z.literal(true, "Tick the box"),
  nickname: z.optional(z.string()),
});
type Input = { name: string; age: unknown; agree?: boolean; nickname?: string };
type Output = z.output<typeof schema>;

/** Empty number boxes mean "not given", so the schema says "Enter your age". */
const numberOrEmpty = (value: string) => (value === "" ? undefined : value);

function Form({
  onValid,
  onInvalid,
  serverError,
}: {
  onValid(values: Output): Promise<void> | void;
  onInvalid?(errors: object): void;
  serverError?: string;
}) {
  const [showNickname, setShowNickname] = useState(true);
  const { register, handleSubmit, setError, reset, watch, formState } = useSchemaForm<Input, Output>({
    schema,
    defaultValues: { name: "", age: "", nickname: "" },
  });
  const submit = handleSubmit(async (values) => {
    await onValid(values);
    if (serverError) setError("name", { message: serverError }, { shouldFocus: true });
  }, onInvalid);
  const { errors } = formState;
  return (
    <form noValidate onSubmit={submit}>
      <TextField label="Name" error={errors.name?.message} {...register("name")} />
      <TextField
        label="Age"
        type="number"
        error={errors.age?.message}
        {...register("age", { setValueAs: numberOrEmpty })}
      />
      <CheckboxField label="I agree" error={errors.agree?.message} {...register("agree")} />
      {showNickname ? <TextField label="Nickname" {...register("nickname")} /> : null}
      <p>Nickname is {watch("nickname") || "none"}</p>
      <button type="button" onClick={() => setShowNickname((shown) => !shown)}>
        Toggle nickname
      </button>
      <button type="button" onClick={() => reset()}>
        Clear
      </button>
      <button type="submit">{formState.isSubmitting ? "Sending" : "Send"}</button>
    </form>
  );
}

const setup = (props: Parameters<typeof Form>[0]) => {
  const user = userEvent.setup({ delay: null });
  render(<Form {...props} />);
  return user;
};

describe("useSchemaForm", () => {
  it("says nothing while typing, then shows each field's first message on submit and focuses the first", async () => {
    const onValid = vi.fn();
    const user = setup({ onValid });
    await user.type(screen.getByLabelText("Age"), "12");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Enter your name")).toBeInTheDocument();
    expect(screen.getByText("You must be 14 or older")).toBeInTheDocument();
    expect(screen.getByText("Tick the box")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("tells the form when a submit was refused, with the messages shown", async () => {
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    const user = setup({ onValid, onInvalid });
    await user.type(screen.getByLabelText("Age"), "20");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onInvalid).toHaveBeenCalledWith({
      name: { message: "Enter your name" },
      agree: { message: "Tick the box" },
    });
    expect(onValid).not.toHaveBeenCalled();
  });

  it("takes a message away as soon as the field is right, and leaves the others", async () => {
    const user = setup({ onValid: vi.fn() });
    await user.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Enter your name");
    expect(screen.getByText("Enter your age")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Name"), "Musonda");
    await waitFor(() => expect(screen.queryByText("Enter your name")).not.toBeInTheDocument());
    expect(screen.getByText("Enter your age")).toBeInTheDocument();
    await user.click(screen.getByLabelText("I agree"));
    await waitFor(() => expect(screen.queryByText("Tick the box")).not.toBeInTheDocument());
  });

  it("hands the schema's output to the submit handler and is busy until it finishes", async () => {
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = setup({ onValid });
    await user.type(screen.getByLabelText("Name"), "  Musonda ");
    await user.type(screen.getByLabelText("Age"), "16");
    await user.click(screen.getByLabelText("I agree"));
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(await screen.findByRole("button", { name: "Sending" })).toBeInTheDocument();
    expect(onValid).toHaveBeenCalledWith({ name: "Musonda", age: 16, agree: true, nickname: "" });
    finish();
    expect(await screen.findByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("puts the server's verdict beside its field and focuses it", async () => {
    const user = setup({ onValid: vi.fn(), serverError: "That name is taken" });
    await user.type(screen.getByLabelText("Name"), "Musonda");
    await user.type(screen.getByLabelText("Age"), "16");
    await user.click(screen.getByLabelText("I agree"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("That name is taken")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveFocus();
  });

  it("keeps what a field held while it was out of the page", async () => {
    const user = setup({ onValid: vi.fn() });
    await user.type(screen.getByLabelText("Nickname"), "Speedy");
    await user.click(screen.getByRole("button", { name: "Toggle nickname" }));
    expect(screen.queryByLabelText("Nickname")).not.toBeInTheDocument();
    expect(screen.getByText("Nickname is Speedy")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Toggle nickname" }));
    expect(screen.getByLabelText("Nickname")).toHaveValue("Speedy");
  });

  it("clears the inputs, the ticks and the messages on reset", async () => {
    const user = setup({ onValid: vi.fn() });
    await user.type(screen.getByLabelText("Name"), "Musonda");
    await user.click(screen.getByLabelText("I agree"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Enter your age");

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("I agree")).not.toBeChecked();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps text that was in an input before the script took over", async () => {
    const onValid = vi.fn();
    function EarlyForm() {
      const { register, handleSubmit } = useSchemaForm<{ name: string }, { name: string }>({
        schema: z.object({ name: z.string() }),
        defaultValues: { name: "" },
      });
      // defaultValue stands for what the visitor typed into the server's HTML before hydration.
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <TextField label="Name" defaultValue="Typed early" {...register("name")} />
          <button type="submit">Send</button>
        </form>
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<EarlyForm />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: "Typed early" }));
  });
});
