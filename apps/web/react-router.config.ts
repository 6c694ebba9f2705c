import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/prerendered-paths.ts";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Server rendering stays on for the talent pages, which carry live data; the static public
  // pages are rendered once at build time and served as files.
  ssr: true,
  prerender: PRERENDERED_PATHS,
} satisfies Config;
