// Renders the app icons of the web manifest from public/favicon.svg (run by hand after the
// logo changes: `node web/scripts/make-icons.mjs`; sharp comes with the server workspace).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../public");
const logo = readFileSync(path.join(publicDir, "favicon.svg"));
const cream = "#fff7ef";

/** The logo on a cream square; `inset` is the share of the side left as margin on each side. */
async function icon(size, inset, file) {
  const inner = Math.round(size * (1 - 2 * inset));
  const art = await sharp(logo, { density: 600 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: cream } })
    .composite([{ input: art, gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
}

await icon(192, 0.06, "icon-192.png");
await icon(512, 0.06, "icon-512.png");
// Maskable: launchers crop to a circle or squircle, so the logo keeps to the inner 80%.
await icon(512, 0.16, "icon-maskable-512.png");
await icon(180, 0.08, "apple-touch-icon.png");
