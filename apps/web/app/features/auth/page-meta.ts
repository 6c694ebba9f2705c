import type { MetaDescriptor } from "react-router";

/**
 * Title of an account or player-area page. "noindex" is not here: the auth and player
 * layouts render <meta name="robots" content="noindex">, which React hoists into <head>, so
 * it covers every child page, whoever wrote it and whatever its own meta says.
 */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Touchline` }];
}
