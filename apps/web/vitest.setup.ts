import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  // Pages keep drafts and choices in storage: each test starts from a phone that kept nothing.
  localStorage.clear();
  sessionStorage.clear();
});
