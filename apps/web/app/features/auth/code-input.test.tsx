import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CodeInput, emptyCode } from "./code-input.tsx";

function Harness({ initial = emptyCode() }: { initial?: string[] }) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <CodeInput value={code} onChange={setCode} />
      <output data-testid="joined">{code.join("")}</output>
    </>
  );
}

function setup(initial?: string[]) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  const boxes = [1, 2, 3, 4, 5].map((n) => screen.getByLabelText(`Digit ${n} of 5`) as HTMLInputElement);
  return { user, boxes, joined: () => screen.getByTestId("joined").textContent };
}

describe("CodeInput", () => {
  it("labels five numeric boxes and lets the phone autofill the first one", () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(5);
    for (const box of boxes) expect(box).toHaveAttribute("inputmode", "numeric");
    expect(boxes[0]).toHaveAttribute("autocomplete", "one-time-code");
    expect(boxes[1]).toHaveAttribute("autocomplete", "off");
  });

  it("accepts digits only", async () => {
    const { user, boxes, joined } = setup();
    await user.click(boxes[0]!);
    await user.keyboard("a-+ .");
    expect(boxes[0]!.value).toBe("");
    expect(boxes[0]).toHaveFocus();
    await user.keyboard("7");
    expect(boxes[0]!.value).toBe("7");
    await user.keyboard("x");
    expect(boxes[1]!.value).toBe("");
    expect(joined()).toBe("7");
  });

  it("moves to the next box after each digit", async () => {
    const { user, boxes, joined } = setup();
    await user.click(boxes[0]!);
    await user.keyboard("1");
    expect(boxes[1]).toHaveFocus();
    await user.keyboard("2345");
    expect(boxes.map((b) => b.value)).toEqual(["1", "2", "3", "4", "5"]);
    expect(boxes[4]).toHaveFocus();
    expect(joined()).toBe("12345");
  });

  it("goes back with Backspace in an empty box, clearing the digit before it", async () => {
    const { user, boxes, joined } = setup();
    await user.click(boxes[0]!);
    await user.keyboard("123");
    expect(boxes[3]).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(boxes[2]).toHaveFocus();
    expect(joined()).toBe("12");
    await user.keyboard("{Backspace}{Backspace}");
    expect(boxes[0]).toHaveFocus();
    expect(joined()).toBe("");
    // In the first box there is nowhere to go back to.
    await user.keyboard("{Backspace}");
    expect(boxes[0]).toHaveFocus();
  });

  it("Backspace in a filled box clears it and stays there", async () => {
    const { user, boxes, joined } = setup(["1", "2", "3", "", ""]);
    await user.click(boxes[1]!);
    await user.keyboard("{Backspace}");
    expect(boxes[1]).toHaveFocus();
    expect(boxes.map((b) => b.value)).toEqual(["1", "", "3", "", ""]);
    expect(joined()).toBe("13");
  });

  it("replaces a digit when typing over a filled box", async () => {
    const { user, boxes } = setup(["1", "2", "3", "4", "5"]);
    await user.click(boxes[2]!);
    await user.keyboard("9");
    expect(boxes.map((b) => b.value)).toEqual(["1", "2", "9", "4", "5"]);
    expect(boxes[3]).toHaveFocus();
  });

  it("fills every box from a pasted code, whatever the text around it", async () => {
    const { user, boxes, joined } = setup();
    await user.click(boxes[2]!);
    await user.paste("Your Touchline code is 48213. It is valid for 10 minutes.");
    // "10" is part of the pasted text too; only the first five digits count.
    expect(joined()).toBe("48213");
    expect(boxes[4]).toHaveFocus();
  });

  it("pastes a partial code from the box it lands in", async () => {
    const { user, boxes, joined } = setup();
    await user.click(boxes[1]!);
    await user.paste("9 8");
    expect(boxes.map((b) => b.value)).toEqual(["", "9", "8", "", ""]);
    expect(boxes[3]).toHaveFocus();
    expect(joined()).toBe("98");
  });

  it("ignores a paste without digits", async () => {
    const { user, boxes, joined } = setup(["1", "", "", "", ""]);
    await user.click(boxes[1]!);
    await user.paste("abc");
    expect(joined()).toBe("1");
  });

  it("spreads a whole code autofilled into one box", () => {
    const { boxes, joined } = setup();
    fireEvent.change(boxes[0]!, { target: { value: "56789" } });
    expect(joined()).toBe("56789");
  });

  it("moves with the arrow keys", async () => {
    const { user, boxes } = setup();
    await user.click(boxes[2]!);
    await user.keyboard("{ArrowLeft}");
    expect(boxes[1]).toHaveFocus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(boxes[3]).toHaveFocus();
  });
});
