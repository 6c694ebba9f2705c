import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Component, createRef, useId, useState, type Ref } from "react";
import { describe, expect, it } from "vitest";

// These run on Preact, as the browser does (vitest.config.ts), with the patch installed by the
// test setup as the browser entry installs it.

describe("Preact evened out with React 19", () => {
  it("hands a function component its ref as a prop, as React 19 does", () => {
    function Field({ ref, label }: { ref?: Ref<HTMLInputElement>; label: string }) {
      return <input aria-label={label} ref={ref} />;
    }
    const ref = createRef<HTMLInputElement>();
    render(<Field ref={ref} label="Phone" />);
    expect(ref.current).toBe(screen.getByLabelText("Phone"));
  });

  it("leaves a class component its ref, pointing to the instance", () => {
    class Counter extends Component {
      render() {
        return <p>counter</p>;
      }
    }
    const ref = createRef<Counter>();
    render(<Counter ref={ref} />);
    expect(ref.current).toBeInstanceOf(Counter);
  });

  it("keeps ids that tie elements together the same after hydrating the server's HTML", async () => {
    // React's server render names ids its own way; Preact's useId gives other values, and Preact
    // keeps the server's attributes when it hydrates.
    const serverHtml =
      '<div><input id="_R_1_" aria-describedby="_R_1_-hint"/><p id="_R_1_-hint">10 digits</p><button>Check</button></div>';
    function PhoneField() {
      const id = useId();
      const [checked, setChecked] = useState(false);
      return (
        <div>
          {checked && <label htmlFor={id}>Phone</label>}
          <input id={id} aria-describedby={`${id}-hint`} />
          <p id={`${id}-hint`}>10 digits</p>
          <button onClick={() => setChecked(true)}>Check</button>
        </div>
      );
    }
    const container = document.createElement("div");
    container.innerHTML = serverHtml;
    document.body.append(container);
    render(<PhoneField />, { container, hydrate: true });

    // A label made after hydration carries the id the page rendered, and finds its field.
    await userEvent.setup().click(screen.getByRole("button", { name: "Check" }));
    const field = screen.getByLabelText("Phone");
    expect(field).toHaveAccessibleDescription("10 digits");
  });

  it("gives a controlled field back its value when a handler refuses a keystroke", async () => {
    function DigitsOnly() {
      const [digits, setDigits] = useState("");
      return (
        <input
          aria-label="Digits"
          value={digits}
          onChange={(event) => {
            if (/^\d*$/.test(event.currentTarget.value)) setDigits(event.currentTarget.value);
          }}
        />
      );
    }
    render(<DigitsOnly />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Digits"), "7x2");
    expect(screen.getByLabelText("Digits")).toHaveValue("72");
  });
});
