#!/usr/bin/env node
// node scripts/font-fallbacks.mjs: computes the metric-matched fallback faces of app/tailwind.css ("Inter Fallback")
// from the shipped Inter file, measured in Chromium (/usr/bin/chromium, or CHROMIUM_PATH), and prints them.
//
// While Inter loads (font-display: swap), text is drawn in the machine's Arial (or a metric twin) scaled to Inter:
// `size-adjust` is Inter's average character width over the local font's, then `ascent-override` /
// `descent-override` are Inter's ascent and descent over that size (no line gap in either), so a line box and its
// baseline are where Inter puts them. One average does not fit all text: Inter widens with its weight (the local
// font has a regular and a bold file), its capitals and its figures are wider than Arial's by other ratios than its
// small letters. So there is a face per band of weights, and within each, faces limited by `unicode-range` to the
// capitals and to the figures (tabular, as lists set them), each scaled by its own ratio.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INTER = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
// capsize's weightings for the Latin subset (@capsizecss/unpack): the letters' frequencies in English text, and the space.
const LETTERS = {
  a: 0.0668,
  b: 0.0122,
  c: 0.0228,
  d: 0.0348,
  e: 0.1039,
  f: 0.0182,
  g: 0.0165,
  h: 0.0499,
  i: 0.057,
  j: 0.0013,
  k: 0.0063,
  l: 0.0329,
  m: 0.0197,
  n: 0.0552,
  o: 0.0614,
  p: 0.0158,
  q: 0.0008,
  r: 0.049,
  s: 0.0518,
  t: 0.0741,
  u: 0.0226,
  v: 0.008,
  w: 0.0193,
  x: 0.0012,
  y: 0.0162,
  z: 0.0006,
  " ": 0.1818,
};
const CAPITALS = Object.fromEntries(
  Object.entries(LETTERS)
    .filter(([ch]) => ch !== " ")
    .map(([ch, w]) => [ch.toUpperCase(), w / (1 - LETTERS[" "])]),
);
const FIGURES = Object.fromEntries([..."0123456789"].map((d) => [d, 0.1]));
// What each face covers: everything (measured on the small letters and the space), the capitals, the figures.
const CLASSES = [
  { name: "text", range: null, chars: LETTERS, features: '"cv11", "ss03"' },
  { name: "capitals", range: "U+0041-005A", chars: CAPITALS, features: '"cv11", "ss03"' },
  { name: "figures", range: "U+0030-0039", chars: FIGURES, features: '"cv11", "ss03", "tnum"' },
];
// The faces: which weight of Inter each band stands for, and the local file it draws with.
const BANDS = [
  { weights: "100 450", inter: 400, bold: false },
  { weights: "451 550", inter: 500, bold: false },
  { weights: "551 900", inter: 600, bold: true },
];
const LOCAL = {
  regular: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo", "Arimo-Regular", "Helvetica"],
  bold: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold", "Arimo-Bold", "Helvetica Bold"],
};
// Without any of those here, the published widths of Arial's twin Helvetica (pdfkit's AFM files) stand in.
const AFM = { regular: "Helvetica.afm", bold: "Helvetica-Bold.afm" };

/** The weighted average width (in em) of an AFM file's glyphs. */
function afmAverage(file, chars) {
  const widths = {};
  for (const line of readFileSync(path.join(root, "node_modules/pdfkit/js/data", file), "utf8").split("\n")) {
    const m = line.match(/^C -?\d+ ; WX (\d+) ; N (\S+)/);
    if (m) widths[m[2]] = Number(m[1]) / 1000;
  }
  const names = { " ": "space", 0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine" };
  return Object.entries(chars).reduce((sum, [ch, w]) => sum + widths[names[ch] ?? ch] * w, 0);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  const inter = readFileSync(INTER).toString("base64");
  const measured = await page.evaluate(
    async ({ inter, classes, local }) => {
      const face = new FontFace("InterMeasured", `url(data:font/woff2;base64,${inter})`, { weight: "100 900" });
      document.fonts.add(await face.load());
      // Measured as the portal draws text: in the page, with the stylesheet's font features (Inter's cv11 and ss03).
      const span = document.createElement("span");
      span.style.cssText = "white-space: pre; font-size: 1000px; position: absolute";
      document.body.append(span);
      const average = (family, weight, { chars, features }) => {
        span.style.fontFamily = family;
        span.style.fontWeight = String(weight);
        span.style.fontFeatureSettings = features;
        return Object.entries(chars).reduce((sum, [ch, w]) => {
          span.textContent = ch;
          return sum + (span.getBoundingClientRect().width / 1000) * w;
        }, 0);
      };
      const out = { inter: {}, local: {} };
      for (const c of classes) for (const weight of [400, 500, 600]) out.inter[`${c.name} ${weight}`] = average("InterMeasured", weight, c);
      const ctx = document.createElement("canvas").getContext("2d");
      ctx.font = "400 1000px InterMeasured";
      const m = ctx.measureText("x");
      out.ascent = m.fontBoundingBoxAscent / 1000;
      out.descent = m.fontBoundingBoxDescent / 1000;
      // The local font, if this machine has it: its first name that loads.
      for (const style of ["regular", "bold"]) {
        for (const name of local[style]) {
          const face = new FontFace(`Local-${style}`, `local("${name}")`);
          try {
            await face.load();
          } catch {
            continue;
          }
          document.fonts.add(face);
          out.local[style] = { name, ...Object.fromEntries(classes.map((c) => [c.name, average(`Local-${style}`, 400, c)])) };
          break;
        }
      }
      return out;
    },
    { inter, classes: CLASSES, local: LOCAL },
  );
  const pct = (x) => `${(x * 100).toFixed(2)}%`;
  const src = (style) => LOCAL[style].map((n) => `local("${n}")`).join(", ");
  const from = (style) => measured.local[style]?.name ?? "Helvetica's published widths";
  console.log(
    `/* Inter: ascent ${measured.ascent.toFixed(4)} em, descent ${measured.descent.toFixed(4)} em; measured over ${from("regular")} and ${from("bold")} */`,
  );
  for (const band of BANDS) {
    const style = band.bold ? "bold" : "regular";
    for (const c of CLASSES) {
      const local = measured.local[style]?.[c.name] ?? afmAverage(AFM[style], c.chars);
      const size = measured.inter[`${c.name} ${band.inter}`] / local;
      console.log(`@font-face {
  font-family: "Inter Fallback";
  font-weight: ${band.weights};
  src: ${src(style)};${c.range ? `\n  unicode-range: ${c.range};` : ""}
  size-adjust: ${pct(size)};
  ascent-override: ${pct(measured.ascent / size)};
  descent-override: ${pct(measured.descent / size)};
  line-gap-override: 0%;
}`);
    }
  }
} finally {
  await browser.close();
}
