import sharp from "sharp";

export type Motif =
  | "bowl"
  | "plate"
  | "pot"
  | "cake"
  | "bread"
  | "salad"
  | "pasta"
  | "soup"
  | "cup"
  | "tart";

const W = 1200;
const H = 800;

/** A small deterministic random generator, so a recipe gets the same picture every run. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%)`;

/** Little pieces of food (herbs, crumbs, seeds) scattered over a circle. */
function garnish(random: () => number, cx: number, cy: number, r: number, hue: number, n: number) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * r;
    const x = cx + Math.cos(angle) * distance;
    const y = cy + Math.sin(angle) * distance * 0.8;
    const size = 6 + random() * 14;
    const colour =
      random() < 0.35
        ? hsl(110 + random() * 30, 45, 35)
        : hsl(hue + random() * 30 - 15, 60, 35 + random() * 30);
    out += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${size.toFixed(0)}" ry="${(size * 0.6).toFixed(0)}" transform="rotate(${(random() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${colour}" opacity="0.9"/>`;
  }
  return out;
}

function dish(motif: Motif, hue: number, random: () => number): string {
  const food = hsl(hue, 65, 50);
  const foodLight = hsl(hue + 10, 70, 65);
  const cx = W / 2;
  const cy = H / 2 + 20;
  const shadow = `<ellipse cx="${cx + 20}" cy="${cy + 40}" rx="380" ry="300" fill="rgba(0,0,0,0.18)"/>`;
  switch (motif) {
    case "plate":
    case "pasta":
    case "salad":
      return `${shadow}<circle cx="${cx}" cy="${cy}" r="330" fill="#fbfaf7"/><circle cx="${cx}" cy="${cy}" r="260" fill="#f1eee8"/>
        <ellipse cx="${cx}" cy="${cy}" rx="200" ry="170" fill="${food}"/>
        ${motif === "pasta" ? Array.from({ length: 14 }, (_, i) => `<path d="M${cx - 180 + i * 26} ${cy - 120} q 40 120 ${-10 + random() * 40} 240" stroke="${foodLight}" stroke-width="14" fill="none" stroke-linecap="round"/>`).join("") : ""}
        ${garnish(random, cx, cy, 190, hue, motif === "salad" ? 70 : 30)}`;
    case "bowl":
    case "soup":
      return `${shadow}<circle cx="${cx}" cy="${cy}" r="320" fill="${hsl(hue + 180, 25, 88)}"/><circle cx="${cx}" cy="${cy}" r="270" fill="${hsl(hue + 180, 20, 78)}"/>
        <circle cx="${cx}" cy="${cy}" r="250" fill="${food}"/><circle cx="${cx - 60}" cy="${cy - 50}" r="120" fill="${foodLight}" opacity="0.5"/>
        ${motif === "soup" ? `<path d="M${cx - 120} ${cy} q 60 -60 120 0 t 120 0" stroke="#fff8ee" stroke-width="14" fill="none" opacity="0.8"/>` : ""}
        ${garnish(random, cx, cy, 220, hue, 40)}`;
    case "pot":
      return `${shadow}<rect x="${cx - 420}" y="${cy - 30}" width="120" height="50" rx="20" fill="#3b3b3b"/><rect x="${cx + 300}" y="${cy - 30}" width="120" height="50" rx="20" fill="#3b3b3b"/>
        <circle cx="${cx}" cy="${cy}" r="320" fill="#4a4a4a"/><circle cx="${cx}" cy="${cy}" r="290" fill="${food}"/>
        ${garnish(random, cx, cy, 260, hue, 60)}`;
    case "cake":
    case "tart":
      return `${shadow}<circle cx="${cx}" cy="${cy}" r="330" fill="#fbfaf7"/>
        <circle cx="${cx}" cy="${cy}" r="270" fill="${hsl(35, 60, motif === "tart" ? 62 : 45)}"/>
        <circle cx="${cx}" cy="${cy}" r="${motif === "tart" ? 235 : 250}" fill="${food}"/>
        <path d="M${cx} ${cy} L${cx + 270} ${cy - 60} A 270 270 0 0 1 ${cx + 250} ${cy + 110} Z" fill="${hsl(35, 55, 80)}"/>
        ${garnish(random, cx, cy, 200, hue, 25)}`;
    case "bread":
      return `${shadow}<rect x="${cx - 380}" y="${cy - 260}" width="760" height="520" rx="40" fill="${hsl(30, 40, 55)}"/>
        <ellipse cx="${cx}" cy="${cy}" rx="320" ry="190" fill="${hsl(hue, 60, 42)}"/>
        ${Array.from({ length: 4 }, (_, i) => `<path d="M${cx - 180 + i * 110} ${cy - 120} q 40 120 0 240" stroke="${hsl(hue, 50, 70)}" stroke-width="16" fill="none" stroke-linecap="round"/>`).join("")}`;
    case "cup":
      return `${shadow}<circle cx="${cx}" cy="${cy}" r="300" fill="#fbfaf7"/><rect x="${cx + 240}" y="${cy - 40}" width="140" height="80" rx="40" fill="#fbfaf7"/>
        <circle cx="${cx}" cy="${cy}" r="240" fill="${food}"/><circle cx="${cx}" cy="${cy}" r="120" fill="${foodLight}" opacity="0.6"/>`;
  }
}

/** A food-card picture (a dish on a table, seen from above) as a JPEG. */
export async function renderFoodCard(hue: number, motif: Motif, seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const table = hsl(hue + 150, 18, 86);
  const stripes = Array.from(
    { length: 10 },
    (_, i) =>
      `<rect x="0" y="${i * 80}" width="${W}" height="40" fill="${hsl(hue + 150, 16, 82)}" opacity="0.6"/>`,
  ).join("");
  const napkin = `<rect x="${60 + random() * 80}" y="${480 + random() * 120}" width="260" height="260" rx="10" transform="rotate(-12 200 600)" fill="${hsl(hue + 200, 45, 70)}" opacity="0.85"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="${table}"/>${stripes}${napkin}${dish(motif, hue, random)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}
