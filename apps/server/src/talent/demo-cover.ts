import sharp from "sharp";

/** Kit colours of the demo covers: shirt, and the text on it. */
const KITS = [
  ["#0b6e3f", "#ffffff"],
  ["#c8102e", "#ffffff"],
  ["#f2c200", "#111827"],
  ["#1d4ed8", "#ffffff"],
  ["#111827", "#f2c200"],
  ["#ea580c", "#ffffff"],
  ["#7c3aed", "#ffffff"],
  ["#0891b2", "#ffffff"],
] as const;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A made-up cover photo for demo and test players: a shirt in club colours with the player's
 * initials and number, as a JPEG (what a phone sends), so it goes through the upload pipeline
 * like a real photo. No real person's picture is needed to see the product populated.
 */
export async function demoCoverJpeg(options: {
  initials: string;
  number: number;
  kit: number;
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const width = options.width ?? 960;
  const height = options.height ?? 720;
  const [shirt, ink] = KITS[Math.abs(options.kit) % KITS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 960 720">
  <defs><linearGradient id="pitch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#14532d"/><stop offset="1" stop-color="#166534"/></linearGradient></defs>
  <rect width="960" height="720" fill="url(#pitch)"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="${i * 160}" y="0" width="80" height="720" fill="#ffffff" opacity="0.04"/>`).join("")}
  <circle cx="480" cy="720" r="200" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6"/>
  <path d="M330 150 L410 110 Q480 150 550 110 L630 150 L720 250 L650 310 L620 280 L620 620 L340 620 L340 280 L310 310 L240 250 Z" fill="${shirt}" stroke="#000000" stroke-opacity="0.25" stroke-width="6"/>
  <text x="480" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(options.initials)}</text>
  <text x="480" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="200" font-weight="700" fill="${ink}" text-anchor="middle">${options.number}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
