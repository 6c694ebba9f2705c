import { defineConfig } from "vitest/config";

// Component tests run without the React Router Vite plugin (it is for app builds only).
export default defineConfig({
  test: {
    name: "web",
    include: ["app/**/*.test.{ts,tsx}", "build-tools/**/*.test.ts"],
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
