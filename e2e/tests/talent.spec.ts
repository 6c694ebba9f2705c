import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { TALENT } from "@touchline/contract/messages";
import { AGE_BANDS, PUBLIC_TALENT_CACHE_CONTROL, type PublicPlayer } from "@touchline/contract/talent";
import {
  approvedPlayer,
  expectAccessible,
  expectNoHorizontalScroll,
  findOpenContactMessage,
  type ApprovedPlayer,
} from "./players.ts";

/**
 * Public talent discovery against the built app: an approved player is in the first HTML of
 * /players and of their own page (with the link-preview tags), filters live in the URL and survive
 * a reload (with and without JavaScript), and a club can send a contact request that reaches the
 * staff inbox. The player is set up through the real APIs: registration, SMS code, tus uploads,
 * profile submission, and approval by the reviewer account the e2e server starts with.
 */

let player: ApprovedPlayer;

test.beforeAll(async ({ playwright }) => {
  player = await approvedPlayer(playwright, { position: "left-winger", foot: "left", height: 168 });
});

test("the list and a player page carry the player in their first HTML, nothing private", async ({ request }) => {
  const name = `${player.firstName} C.`;
  const list = await request.get(`/players?q=${player.firstName}`);
  expect(list.status()).toBe(200);
  expect(list.headers()["cache-control"]).toBe(PUBLIC_TALENT_CACHE_CONTROL);
  const listHtml = await list.text();
  expect(listHtml).toContain(name);
  expect(listHtml).toContain(AGE_BANDS["under-18"]);
  expect(listHtml).toContain(`href="/players/${player.username}"`);
  expect(listHtml).toContain("1 player");

  const page = await request.get(`/players/${player.username}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
  expect(html).toContain(`<meta property="og:type" content="profile"/>`);
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="${name}, Left Winger \\| Touchline"/>`));
  expect(html).toMatch(new RegExp(`<meta property="og:description" content="${name}, Under 18, Left Winger\\.`));
  const ogImage = html.match(/<meta property="og:image" content="([^"]+)"\/>/)?.[1];
  expect(ogImage).toMatch(new RegExp(`^${baseURL}/api/media/[0-9a-f-]{36}\\?w=640$`));
  // The preview picture is public while the profile is, and shared caches keep it for minutes.
  const image = await request.get(ogImage!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("public, max-age=300, s-maxage=300");
  // Nowhere an age in years: the page, its preview text and the JSON API.
  expect(html).not.toMatch(/\b1[4-7] years\b/);
  const json = (await (await request.get(`/api/talent/players/${player.username}`)).json()) as PublicPlayer;
  expect(json).toMatchObject({ age: null, ageBand: "under-18" });
  for (const secret of [
    player.email,
    player.phoneNumber,
    player.phoneNumber.slice(4),
    player.lastName,
    player.dateOfBirth,
  ])
    expect(html).not.toContain(secret);

  const missing = await request.get("/players/nobody-by-this-name");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain(TALENT.playerNotFoundTitle);
});

test("filters live in the URL: chosen in the form, kept on reload, and the player page links back", async ({
  page,
}) => {
  await page.goto("/players");
  await expect(page.getByRole("button", { name: "Show players" })).toBeVisible();
  await page.getByLabel("Search by name").fill(player.firstName);
  await page.getByLabel("Position").selectOption("left-winger");
  await page.getByLabel("Preferred foot").selectOption("left");
  await page.getByLabel("Height from (cm)").fill("160");
  await page.getByLabel("Height to (cm)").fill("170");
  await page.getByRole("button", { name: "Show players" }).click();
  // /players is served without JavaScript (lib/page-scripts.ts): the browser submits the form
  // itself, every field included, empty or not.
  await expect(page).toHaveURL(
    `/players?q=${player.firstName}&position=left-winger&foot=left&fitness=&province=&minAge=&maxAge=&minHeight=160&maxHeight=170#talent-list`,
  );
  const card = page.getByRole("article").filter({ hasText: `${player.firstName} C.` });
  await expect(card).toContainText("Left Winger");
  await expect(card).toContainText(AGE_BANDS["under-18"]);

  await page.reload();
  await expect(page.getByLabel("Search by name")).toHaveValue(player.firstName);
  await expect(page.getByLabel("Position")).toHaveValue("left-winger");
  await expect(page.getByLabel("Height to (cm)")).toHaveValue("170");
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // A filter the player does not match: an honest empty state.
  await page.getByLabel("Preferred foot").selectOption("right");
  await page.getByRole("button", { name: "Show players" }).click();
  await expect(page.getByRole("heading", { name: TALENT.noMatchesTitle })).toBeVisible();

  await page.goBack();
  await card.getByRole("link").click();
  await expect(page).toHaveURL(`/players/${player.username}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${player.firstName} C.`);
  // The video waits behind its poster until played: no <video> and no bytes of it before.
  await expect(page.getByRole("button", { name: "Play highlight video" })).toBeVisible();
  await expect(page.locator("video")).toHaveCount(0);
  // A plain page too: the request form is a page of its own, one link away.
  await expect(page.getByRole("link", { name: `Send a request about ${player.firstName}` })).toBeVisible();
  await expectAccessible(page);
});

test("the filter form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/players");
  await page.getByLabel("Search by name").fill(player.firstName);
  await page.getByLabel("Position").selectOption("left-winger");
  // The player is 16: an age range reaching below 18 includes every player under 18.
  await page.getByLabel("Age from (years)").fill("17");
  await page.getByLabel("Age to (years)").fill("17");
  await page.getByRole("button", { name: "Show players" }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/players\\?q=${player.firstName}&position=left-winger&foot=&fitness=&province=&minAge=17&maxAge=17&minHeight=&maxHeight=#talent-list$`,
    ),
  );
  await expect(page.getByRole("article").filter({ hasText: `${player.firstName} C.` })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("1 player");
  await context.close();
});

test("a club sends a contact request from the player page; it reaches the staff inbox", async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/players/${player.username}`);
  await page.getByRole("link", { name: `Send a request about ${player.firstName}` }).click();
  await expect(page).toHaveURL(`/players/${player.username}/contact`);
  await expect(page.getByRole("button", { name: "Send request" })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await page.getByLabel("Your name").fill("Kelvin Mwansa");
  await page.getByLabel("Club or organisation").fill("Zesco United FC");
  await page.getByLabel("Email", { exact: true }).fill("scouting@zesco.example");
  await page.getByRole("button", { name: "Send request" }).click();
  // The form checks itself before anything is sent, and keeps what was typed.
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Kelvin Mwansa");
  const message = `Trial invitation for ${player.firstName}, Ndola, next month.`;
  await page.getByLabel("Phone (optional)").fill("0977 123 456");
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText(TALENT.contactSent(player.firstName))).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

  expect(await findOpenContactMessage(playwright.request, message)).toMatchObject({
    source: "player-contact",
    organisation: "Zesco United FC",
    phone: "+260977123456",
    playerUsername: player.username,
  });
});
