import { sitemapXml, textResponse } from "../../features/site/crawler-files.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return textResponse(sitemapXml(context.publicUrl), "application/xml");
}
