import type { MetaDescriptor } from "react-router";
import { coverVariant, publicName, type PublicPlayer } from "@touchline/contract/talent";
import { footLabel, positionsText } from "../../lib/player-display.ts";
import { pageMeta } from "../../lib/seo.ts";
import { ageText, heightText } from "./display.ts";

const DESCRIPTION_MAX = 200;

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}…`;
}

/**
 * Title, description and Open Graph tags of a public player page, so a link shared on WhatsApp
 * or Facebook previews the player: name, positions, age and the cover photo (an absolute URL of
 * its 640 px WebP copy: big enough for a preview card, small enough for the crawlers' limits).
 */
export function playerMeta(player: PublicPlayer, publicUrl: string): MetaDescriptor[] {
  const name = publicName(player);
  const positions = positionsText(player.position, player.secondaryPosition);
  const facts = `${name}, ${ageText(player)}, ${positions}. ${footLabel(player.preferredFoot)} foot, ${heightText(player.heightInCm)}.`;
  const description = shorten(
    player.aboutYourself.trim()
      ? `${facts} ${player.aboutYourself.trim().replace(/\s+/g, " ")}`
      : `${facts} Football player in Zambia on Touchline.`,
    DESCRIPTION_MAX,
  );
  const replaced = new Set(["og:type", "og:image", "og:image:width", "og:image:height", "og:image:alt"]);
  const tags = pageMeta(
    { path: `/players/${encodeURIComponent(player.username)}`, title: `${name}, ${positions}`, description },
    publicUrl,
  ).filter((tag) => !("property" in tag && replaced.has(String(tag.property))));
  tags.push(
    { property: "og:type", content: "profile" },
    { property: "profile:first_name", content: player.firstName },
    { property: "profile:username", content: player.username },
  );
  const image = coverVariant(player.cover, 640);
  if (image) {
    tags.push(
      { property: "og:image", content: `${publicUrl}${image.url}` },
      { property: "og:image:type", content: "image/webp" },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { property: "og:image:alt", content: `${name}, ${positions}` },
    );
  }
  return tags;
}
