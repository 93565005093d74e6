/**
 * Chart geometry for the dashboard's server-rendered SVG charts: nice axis ticks, linear and band
 * scales, grouped and horizontal bar rectangles, line points and compact axis labels. Pure and
 * isomorphic (no DOM, no chart library): the server draws the whole chart, the browser only shows it.
 *
 * Coordinates are SVG user units inside the plot area: x grows to the right, y grows downwards, so a
 * value's bar starts at `scale(value)` and ends at the baseline (the plot height).
 */

/** A nice step for an axis: 1, 2, 2.5 or 5 times a power of ten, at least `rough`. */
export function niceStep(rough: number, options: { integer?: boolean } = {}): number {
  if (!Number.isFinite(rough) || rough <= 0) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  for (const m of [1, 2, 2.5, 5, 10]) {
    const step = roundFloat(m * power);
    if (step + 1e-12 < rough) continue;
    // Whole-number data (counts) never gets a fractional step.
    if (options.integer && !Number.isInteger(step)) continue;
    return options.integer ? Math.max(1, step) : step;
  }
  return roundFloat(10 * power);
}

export interface NiceScale {
  /** The top of the axis: a whole number of steps, at least the largest value. */
  max: number;
  step: number;
  /** 0, step, 2·step … max. */
  ticks: number[];
}

/**
 * The value axis of a chart whose values start at 0: about `tickCount` intervals (at most twice as
 * many), ending on a nice number at or above `maxValue`. An empty or all-zero chart gets 0–1.
 */
export function niceScale(maxValue: number, options: { tickCount?: number; integer?: boolean } = {}): NiceScale {
  const tickCount = Math.max(1, Math.floor(options.tickCount ?? 4));
  if (!Number.isFinite(maxValue) || maxValue <= 0) return { max: 1, step: 1, ticks: [0, 1] };
  const step = niceStep(maxValue / tickCount, options);
  const steps = Math.max(1, Math.ceil(roundFloat(maxValue / step)));
  const ticks = Array.from({ length: steps + 1 }, (_, i) => roundFloat(i * step));
  return { max: ticks[ticks.length - 1], step, ticks };
}

/** A value's y coordinate on a vertical axis 0–max drawn `height` tall (0 at the bottom); clamped to the plot. */
export function yFor(value: number, max: number, height: number): number {
  if (!Number.isFinite(value) || max <= 0) return height;
  const y = height - (value / max) * height;
  return roundPx(Math.min(height, Math.max(0, y)));
}

/** A value's length along an axis 0–max drawn `length` long; clamped to 0…length. */
export function lengthFor(value: number, max: number, length: number): number {
  if (!Number.isFinite(value) || max <= 0 || value <= 0) return 0;
  return roundPx(Math.min(length, (value / max) * length));
}

export interface Band {
  /** Left edge of band i. */
  start: (i: number) => number;
  /** Centre of band i. */
  center: (i: number) => number;
  /** Width of one band (without its padding). */
  bandwidth: number;
  /** Distance from one band's start to the next. */
  step: number;
}

/**
 * `count` equal bands across `width`, with `padding` (0–1) of each step left empty between bands
 * and half of it at both ends.
 */
export function bandScale(count: number, width: number, padding = 0.2): Band {
  const n = Math.max(1, Math.floor(count));
  const p = Math.min(0.9, Math.max(0, padding));
  const step = width / n;
  const bandwidth = step * (1 - p);
  const offset = (step - bandwidth) / 2;
  return {
    start: (i) => roundPx(i * step + offset),
    center: (i) => roundPx(i * step + step / 2),
    bandwidth: roundPx(bandwidth),
    step: roundPx(step),
  };
}

export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
  /** Index of the series (colour) and of the bucket (x position). */
  series: number;
  index: number;
}

/**
 * Side-by-side bars: `series[s][i]` is series s in bucket i. Every bucket's band is shared by the
 * series, with a `gap` between neighbours. Heights follow 0–max over the plot `height`.
 */
export function groupedBars(
  series: readonly (readonly number[])[],
  plot: { width: number; height: number },
  max: number,
  options: { padding?: number; gap?: number } = {},
): BarRect[] {
  const buckets = Math.max(0, ...series.map((s) => s.length));
  if (buckets === 0 || series.length === 0) return [];
  const band = bandScale(buckets, plot.width, options.padding ?? 0.25);
  const gap = Math.min(options.gap ?? 2, band.bandwidth / (series.length * 2));
  const barWidth = Math.max(0, (band.bandwidth - gap * (series.length - 1)) / series.length);
  const rects: BarRect[] = [];
  for (let i = 0; i < buckets; i++) {
    series.forEach((values, s) => {
      const value = values[i] ?? 0;
      const y = yFor(value, max, plot.height);
      rects.push({
        x: roundPx(band.start(i) + s * (barWidth + gap)),
        y,
        width: roundPx(barWidth),
        height: roundPx(plot.height - y),
        value,
        series: s,
        index: i,
      });
    });
  }
  return rects;
}

/** Horizontal bars, one per row of height `rowHeight` (bar `barHeight` tall, centred), lengths 0–max over `width`. */
export function horizontalBars(values: readonly number[], plot: { width: number; rowHeight: number; barHeight?: number }, max: number): BarRect[] {
  const barHeight = Math.min(plot.barHeight ?? plot.rowHeight * 0.6, plot.rowHeight);
  return values.map((value, i) => ({
    x: 0,
    y: roundPx(i * plot.rowHeight + (plot.rowHeight - barHeight) / 2),
    width: lengthFor(value, max, plot.width),
    height: roundPx(barHeight),
    value,
    series: 0,
    index: i,
  }));
}

/** The points of a line through the band centres: [x, y] per value. */
export function linePoints(values: readonly number[], plot: { width: number; height: number }, max: number, padding = 0.25): [number, number][] {
  const band = bandScale(values.length, plot.width, padding);
  return values.map((v, i) => [band.center(i), yFor(v, max, plot.height)]);
}

/** An SVG path ("M x y L x y …") through points; empty for none. */
export function pathFor(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x} ${y}`).join(" ");
}

/**
 * Which of `count` x-axis labels to print so that they do not overlap: every one when there is room,
 * otherwise every k-th, always keeping the last (the current period).
 */
export function labelEvery(count: number, width: number, minLabelWidth: number): number {
  if (count <= 1 || width <= 0 || minLabelWidth <= 0) return 1;
  const fit = Math.max(1, Math.floor(width / minLabelWidth));
  return Math.max(1, Math.ceil(count / fit));
}

export function showLabel(index: number, count: number, every: number): boolean {
  return every <= 1 || (count - 1 - index) % every === 0;
}

/**
 * A short axis label: 950, 1.2k, 45k, 1.5m (en-GB, at most one decimal); `money` puts a £ in front.
 * The charts' tables print the exact figures.
 */
export function compactNumber(value: number, options: { money?: boolean } = {}): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  const units: [number, string][] = [
    [1, ""],
    [1e3, "k"],
    [1e6, "m"],
    [1e9, "bn"],
  ];
  let u = 0;
  while (u < units.length - 1 && abs >= units[u + 1][0]) u++;
  let text: string;
  for (;;) {
    const scaled = abs / units[u][0];
    text = trimDecimal(scaled, scaled < 10 && (u > 0 || !Number.isInteger(scaled)) ? 1 : 0);
    // 999.96k rounds to "1000": say 1m instead.
    if (Number(text) >= 1000 && u < units.length - 1) {
      u++;
      continue;
    }
    break;
  }
  return `${sign}${options.money ? "£" : ""}${text}${units[u][1]}`;
}

function trimDecimal(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

/** Removes floating-point dust (0.1 + 0.2) from computed steps and ticks. */
function roundFloat(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

/** Coordinates to 2 decimals: short SVG attributes, identical on server and client. */
function roundPx(n: number): number {
  return Math.round(n * 100) / 100;
}
