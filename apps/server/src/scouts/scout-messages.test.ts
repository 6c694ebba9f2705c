import { describe, expect, it } from "vitest";
import { digestEmail } from "./scout-messages.ts";

describe("digestEmail", () => {
  it("names each player with their position and, when the profile says it, where they play", () => {
    const mail = digestEmail(
      "scout@club.example",
      "Keepers",
      [
        { username: "chipo_gk", firstName: "Chipo", position: "Goalkeeper", place: "Kasama, Northern Province" },
        { username: "mwila10", firstName: "Mwila", position: "Goalkeeper", place: "" },
      ],
      "https://touchline.example/players?position=goalkeeper",
      "https://touchline.example/scouts/unsubscribe#token=t",
      "https://touchline.example",
    );
    expect(mail.body).toContain(
      "- Chipo (Goalkeeper, Kasama, Northern Province): https://touchline.example/players/chipo_gk",
    );
    expect(mail.body).toContain("- Mwila (Goalkeeper): https://touchline.example/players/mwila10");
  });
});
