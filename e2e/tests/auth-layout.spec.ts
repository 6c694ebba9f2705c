import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll } from "./support.ts";

const AUTH_PAGES = ["/auth/player-login", "/auth/player-register", "/auth/player-forgot-password"];

test.describe("account screens on a small phone (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of AUTH_PAGES) {
    test(`${path}: every field fits the screen`, async ({ page }) => {
      await page.goto(path);
      const phone = page.getByLabel("Phone number", { exact: true });
      await expect(phone).toBeVisible();
      // Room for "097 123 4567" beside the fixed country (a squeezed box once hid the number).
      expect((await phone.boundingBox())!.width).toBeGreaterThanOrEqual(140);
      await expectNoHorizontalScroll(page);
      const controls = page.locator("main input:visible, main select:visible, main button:visible");
      const count = await controls.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const box = await controls.nth(i).boundingBox();
        expect(box, `control ${i} of ${path}`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `control ${i} of ${path} ends inside the screen`).toBeLessThanOrEqual(360);
      }
      await expectAccessible(page);
    });
  }
});
