import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CONTACT_DETAIL_MESSAGES } from "@touchline/contract/contact-details";
import { EVALUATION, type ScoutEvaluations as Answer } from "@touchline/contract/evaluations";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse as json, renderScreen } from "../../test/render.tsx";
import { ScoutEvaluations } from "./scout-evaluations.tsx";

const CLIP = { id: "11111111-1111-4111-8111-111111111111", label: "Video", durationSeconds: 12.5 };
const empty: Answer = { own: null, others: [], clips: [CLIP] };

function setup() {
  const api = mockApi({
    "GET /api/scouts/players/:username/evaluations": () => json(200, empty),
    "PUT /api/scouts/players/:username/evaluation": ({ body }) =>
      json(200, {
        message: EVALUATION.saved,
        evaluations: {
          ...empty,
          own: {
            id: "e1",
            author: { kind: "scout", role: "Chief scout", organisation: "Nkana FC" },
            ratings: { dribbling: 4, goalScoring: 5, defending: 2, passing: 3, firstTouch: 4 },
            level: "division-two",
            strengths: ["Quick", "Strong", "Smart"],
            workOn: "Left foot",
            notes: (body as { notes: unknown[] }).notes,
            createdAt: "2026-12-01T10:00:00.000Z",
            updatedAt: "2026-12-01T10:00:00.000Z",
          },
        },
      }),
  });
  return { api, ...renderScreen(<ScoutEvaluations username="mwila10" firstName="Mwila" />) };
}

describe("the scout's evaluation form", () => {
  it("refuses contact details and moments past the clip beside their fields, then sends the evaluation", async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole("button", { name: "Evaluate Mwila" }));
    const form = within(await screen.findByRole("form", { name: "Evaluation of Mwila" }, { timeout: 15_000 }));
    for (const [skill, rating] of [
      ["Dribbling", "4"],
      ["Goal scoring", "5"],
      ["Defending", "2"],
      ["Passing and assists", "3"],
      ["First touch and freestyle", "4"],
    ] as const)
      await user.selectOptions(form.getByLabelText(skill), rating);
    await user.selectOptions(form.getByLabelText("Level they could play at now"), "division-two");
    await user.type(form.getByLabelText("Strength 1"), "call 0977 123456");
    await user.type(form.getByLabelText("Strength 2"), "Strong");
    await user.type(form.getByLabelText("Strength 3"), "Smart");
    await user.type(form.getByLabelText("One thing to work on"), "Left foot");

    await user.type(form.getByLabelText("Moment (m:ss)"), "0:13");
    await user.type(form.getByLabelText("Note"), "wa.me/260977123456");
    await user.click(form.getByRole("button", { name: "Add note" }));
    expect(form.getByLabelText("Moment (m:ss)")).toHaveAccessibleDescription(EVALUATION.noteTimeBeyond(12.5));
    expect(form.getByLabelText("Note")).toHaveAccessibleDescription(CONTACT_DETAIL_MESSAGES.link);

    await user.clear(form.getByLabelText("Moment (m:ss)"));
    await user.type(form.getByLabelText("Moment (m:ss)"), "0:05");
    await user.clear(form.getByLabelText("Note"));
    await user.type(form.getByLabelText("Note"), "Lovely first touch");
    await user.click(form.getByRole("button", { name: "Add note" }));
    expect(form.getByRole("list", { name: "Your notes" })).toHaveTextContent("Video at 0:05: Lovely first touch");

    await user.click(form.getByRole("button", { name: "Save evaluation" }));
    expect(form.getByLabelText("Strength 1")).toHaveAccessibleDescription(CONTACT_DETAIL_MESSAGES.phone);
    expect(api.calls("PUT /api/scouts/players/:username/evaluation")).toEqual([]);

    await user.clear(form.getByLabelText("Strength 1"));
    await user.type(form.getByLabelText("Strength 1"), "Quick");
    await user.click(form.getByRole("button", { name: "Save evaluation" }));
    expect(await screen.findByRole("button", { name: "Change your evaluation" })).toBeVisible();
    expect(api.calls("PUT /api/scouts/players/:username/evaluation")[0]?.body).toEqual({
      dribbling: 4,
      goalScoring: 5,
      defending: 2,
      passing: 3,
      firstTouch: 4,
      level: "division-two",
      strength1: "Quick",
      strength2: "Strong",
      strength3: "Smart",
      workOn: "Left foot",
      notes: [{ clipId: CLIP.id, second: 5, text: "Lovely first touch" }],
    });
    expect(screen.getByRole("region", { name: "Evaluations of Mwila" })).toHaveTextContent(
      "Video at 0:05: Lovely first touch",
    );
  });
});
