import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CODE_INPUT_LABEL, CodeInput, emptyCode } from "./code-input.tsx";

function Harness({ initial = emptyCode(), invalid }: { initial?: string[]; invalid?: boolean }) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <CodeInput value={code} onChange={setCode} invalid={invalid} describedBy="sent-to" />
      <p id="sent-to">We sent a code to +260 97 1234567.</p>
      <output data-testid="boxes">{code.map((digit) => digit || "_").join("")}</output>
    </>
  );
}

function setup(initial?: string[], invalid?: boolean) {
  const user = userEvent.setup();
  render(<Harness initial={initial} invalid={invalid} />);
  const input = screen.getByLabelText(CODE_INPUT_LABEL) as HTMLInputElement;
  return { user, input, boxes: () => screen.getByTestId("boxes").textContent };
}

describe("CodeInput", () => {
  it("is one numeric field named for screen readers, that the phone can autofill from the SMS", () => {
    const { input } = setup(undefined, true);
    expect(input).toHaveAttribute("inputmode", "numeric");
    expect(input).toHaveAttribute("autocomplete", "one-time-code");
    expect(input).toHaveAttribute("maxlength", "5");
    expect(input).toHaveAccessibleDescription("We sent a code to +260 97 1234567.");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("takes digits only, one box each, and gives the caller one entry per box", async () => {
    const { user, input, boxes } = setup();
    await user.click(input);
    await user.keyboard("a-+ .");
    expect(boxes()).toBe("_____");
    await user.keyboard("7x2");
    expect(boxes()).toBe("72___");
    await user.keyboard("3456");
    // The fifth digit fills the last box; nothing goes beyond it.
    expect(boxes()).toBe("72345");
    expect(input.value).toBe("72345");
  });

  it("deletes the last digit with Backspace", async () => {
    const { user, input, boxes } = setup(["1", "2", "3", "", ""]);
    await user.click(input);
    await user.keyboard("{Backspace}");
    expect(boxes()).toBe("12___");
    await user.keyboard("{Backspace}{Backspace}{Backspace}");
    expect(boxes()).toBe("_____");
  });

  it("fills the boxes from a pasted SMS, keeping the first five digits", async () => {
    const { user, input, boxes } = setup();
    await user.click(input);
    await user.paste("Touchline: 48213 is your code. It is valid for 10 minutes.");
    // "10" is part of the pasted text too; only the first five digits count.
    expect(boxes()).toBe("48213");
  });

  it("ignores a paste without digits", async () => {
    const { user, input, boxes } = setup(["1", "", "", "", ""]);
    await user.click(input);
    await user.paste("abc");
    expect(boxes()).toBe("1____");
  });

  it("takes a whole code autofilled at once, and refuses one with letters", () => {
    const { input, boxes } = setup();
    fireEvent.input(input, { target: { value: "56789" } });
    expect(boxes()).toBe("56789");
    fireEvent.input(input, { target: { value: "5678a" } });
    expect(boxes()).toBe("56789");
  });
});
