import { robotsTxt, textResponse } from "../../features/site/crawler-files.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return textResponse(robotsTxt(context.publicUrl), "text/plain");
}
