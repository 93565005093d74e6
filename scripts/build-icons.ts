/**
 * Builds the icon sprite (app/components/ui/icons.svg): one <symbol> per name of ICON_NAMES, taken from the
 * Lucide set (lucide-static, ISC licence). The portal draws an icon as <svg><use href="…icons.svg#name"/></svg>
 * (app/components/ui/icon.tsx), so icons cost no JavaScript; the stroke style comes from the `.icon` class.
 *
 *   npm run icons                               # after adding a name to app/components/ui/icon-names.ts
 *   npx tsx scripts/build-icons.ts --check      # exits 1 when the committed sprite is not what the names make
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ICON_NAMES } from "../app/components/ui/icon-names";

const require = createRequire(import.meta.url);
export const SPRITE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "app", "components", "ui", "icons.svg");

/** The inner shapes of a Lucide icon (its <svg> wrapper, comments and classes dropped). */
function shapes(name: string): string {
  const file = require.resolve(`lucide-static/icons/${name}.svg`);
  const svg = readFileSync(file, "utf8");
  const inner = svg.match(/<svg[^>]*>([\s\S]*?)<\/svg>/)?.[1];
  if (!inner) throw new Error(`lucide-static/icons/${name}.svg has no <svg> element`);
  return inner
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("");
}

/**
 * An icon of the set as a CSS image (`url("data:image/svg+xml,…")`) in one colour: for the few places a `<use>` of the
 * sprite cannot reach, the browser's own parts of a control (the date field's picker button in app/tailwind.css).
 * tests/unit/icons.test.ts checks that the stylesheet holds exactly what this makes, so those icons stay Lucide's.
 */
export function iconCssUrl(name: string, stroke: string): string {
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='${stroke}' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>` +
    shapes(name).replace(/"/g, "'").replace(/ \/>/g, "/>") +
    "</svg>";
  return `url("data:image/svg+xml,${svg.replace(/#/g, "%23").replace(/</g, "%3C").replace(/>/g, "%3E")}")`;
}

export function buildSprite(names: readonly string[] = ICON_NAMES): string {
  const version = (require("lucide-static/package.json") as { version: string }).version;
  const symbols = names.map((name) => `<symbol id="${name}" viewBox="0 0 24 24">${shapes(name)}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg"><!-- Lucide ${version} (ISC licence), built by scripts/build-icons.ts -->\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sprite = buildSprite();
  if (process.argv.includes("--check")) {
    const current = readFileSync(SPRITE_PATH, "utf8");
    if (current !== sprite) {
      console.error(`${path.relative(process.cwd(), SPRITE_PATH)} is not the sprite of ICON_NAMES: run npm run icons`);
      process.exit(1);
    }
    console.log(`${ICON_NAMES.length} icons, sprite up to date`);
  } else {
    writeFileSync(SPRITE_PATH, sprite);
    console.log(`Wrote ${ICON_NAMES.length} icons to ${path.relative(process.cwd(), SPRITE_PATH)}`);
  }
}
