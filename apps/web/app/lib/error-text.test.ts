import { describe, expect, it } from "vitest";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { ApiError } from "./api.ts";
import { errorText } from "./error-text.ts";

describe("errorText", () => {
  it("gives the server's words for an answer it refused", () => {
    expect(errorText(new ApiError(409, "That phone number is taken"))).toBe("That phone number is taken");
  });

  it("gives the general message, or the caller's, for anything else", () => {
    expect(errorText(new TypeError("x is undefined"))).toBe(REQUEST_FAILED.unexpectedError);
    expect(errorText("nope", REQUEST_FAILED.serverError)).toBe(REQUEST_FAILED.serverError);
  });
});
