import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiServer } from "./app/test/api-server.ts";
// The browser entry installs it before anything renders (app/entry.client.tsx); so do the tests.
import "./app/preact-react-parity.ts";

// jsdom has no layout, so no elementFromPoint: the code field (input-otp) asks it whether a
// password manager's badge sits over the boxes. Nothing sits anywhere in jsdom.
document.elementFromPoint ??= () => null;

// A request no test declared is a mistake in the test or the code: refuse it, and say which.
beforeAll(() => apiServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  apiServer.events.removeAllListeners();
  // Pages keep drafts and choices in storage: each test starts from a phone that kept nothing.
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(async () => {
  apiServer.close();
  // Preact runs effects after the next frame, with a 35 ms timer in case no frame comes; that
  // timer calls cancelAnimationFrame. Let the last ones fire while jsdom still provides it:
  // after the file, jsdom's globals are gone and the timer would throw.
  await new Promise((resolve) => setTimeout(resolve, 100));
});
