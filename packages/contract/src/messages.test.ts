import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION, LOGIN, PROFILE_FORM, REGISTER, VIDEO_FILE } from "./messages.ts";

describe("messages derived from the limits they mention", () => {
  it("read exactly as the published wording at today's limits", () => {
    expect(VIDEO_FILE.tooLarge).toBe("Video file must be smaller than 150MB");
    expect(VIDEO_FILE.tooLong).toBe("Video must be shorter than 3 minutes");
    expect(PROFILE_FORM.heightMin).toBe("Height must be at least 100 cm");
    expect(PROFILE_FORM.heightMax).toBe("Height must be less than 250 cm");
    expect(PROFILE_FORM.weightMin).toBe("Weight must be at least 30 kg");
    expect(PROFILE_FORM.weightMax).toBe("Weight must be less than 150 kg");
    expect(REGISTER.tooYoung).toBe("You must be at least 14 years old");
    expect(ACCOUNT_DELETION.deletionConfirmed).toContain("within 30 days");
    expect(LOGIN.failure).toBe("Something went wrong, please try again");
  });
});
