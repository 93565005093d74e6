import { describe, expect, it } from "vitest";
import {
  bandScale,
  compactNumber,
  groupedBars,
  horizontalBars,
  labelEvery,
  lengthFor,
  linePoints,
  niceScale,
  niceStep,
  pathFor,
  showLabel,
  yFor,
} from "#app/lib/chart";

describe("chart scaling: nice steps", () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.2, 2],
    [2.1, 2.5],
    [3, 5],
    [7, 10],
    [12, 20],
    [21, 25],
    [26, 50],
    [180, 200],
    [2400, 2500],
    [0.03, 0.05],
    [0.12, 0.2],
  ])("a rough step of %d becomes %d", (rough, step) => {
    expect(niceStep(rough)).toBe(step);
  });

  it("never gives whole-number data a fractional step", () => {
    expect(niceStep(0.3, { integer: true })).toBe(1);
    expect(niceStep(2.1, { integer: true })).toBe(5);
    expect(niceStep(21, { integer: true })).toBe(25);
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY])("a rough step of %d falls back to 1", (rough) => {
    expect(niceStep(rough)).toBe(1);
  });
});

describe("chart scaling: the value axis", () => {
  it("ends on a nice number at or above the largest value", () => {
    expect(niceScale(164)).toEqual({ max: 200, step: 50, ticks: [0, 50, 100, 150, 200] });
    expect(niceScale(630_350)).toEqual({ max: 800_000, step: 200_000, ticks: [0, 200_000, 400_000, 600_000, 800_000] });
    expect(niceScale(100)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
  });

  it("keeps the largest value on the axis whatever it is", () => {
    for (const max of [1, 3, 7, 9.99, 11, 99, 101, 999, 1234, 45_678, 1e7 + 1]) {
      const scale = niceScale(max);
      expect(scale.max).toBeGreaterThanOrEqual(max);
      expect(scale.ticks[0]).toBe(0);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      // Between the asked-for 4 intervals and twice as many.
      expect(scale.ticks.length - 1).toBeGreaterThanOrEqual(2);
      expect(scale.ticks.length - 1).toBeLessThanOrEqual(8);
    }
  });

  it("counts get whole-number ticks", () => {
    expect(niceScale(3, { integer: true })).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(1, { integer: true }).ticks).toEqual([0, 1]);
    expect(niceScale(9, { integer: true, tickCount: 4 }).ticks.every(Number.isInteger)).toBe(true);
  });

  it("ticks carry no floating-point dust", () => {
    expect(niceScale(0.3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it.each([0, -5, Number.NaN])("an empty chart (largest value %d) gets a 0–1 axis", (max) => {
    expect(niceScale(max)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
  });
});

describe("chart scaling: positions", () => {
  it("maps values to y with 0 at the bottom of the plot", () => {
    expect(yFor(0, 200, 100)).toBe(100);
    expect(yFor(200, 200, 100)).toBe(0);
    expect(yFor(50, 200, 100)).toBe(75);
  });

  it("clamps y to the plot and puts anything odd on the baseline", () => {
    expect(yFor(500, 200, 100)).toBe(0);
    expect(yFor(-10, 200, 100)).toBe(100);
    expect(yFor(Number.NaN, 200, 100)).toBe(100);
    expect(yFor(10, 0, 100)).toBe(100);
  });

  it("bar lengths are 0…length", () => {
    expect(lengthFor(25, 100, 300)).toBe(75);
    expect(lengthFor(0, 100, 300)).toBe(0);
    expect(lengthFor(-1, 100, 300)).toBe(0);
    expect(lengthFor(150, 100, 300)).toBe(300);
    expect(lengthFor(5, 0, 300)).toBe(0);
  });

  it("splits the width into equal padded bands", () => {
    const band = bandScale(4, 400, 0.2);
    expect(band.step).toBe(100);
    expect(band.bandwidth).toBe(80);
    expect(band.start(0)).toBe(10);
    expect(band.start(3)).toBe(310);
    expect(band.center(0)).toBe(50);
    expect(band.center(3)).toBe(350);
  });

  it("a band scale of nothing still has one band", () => {
    expect(bandScale(0, 100, 0).bandwidth).toBe(100);
  });
});

describe("chart scaling: bar geometry", () => {
  const plot = { width: 400, height: 100 };

  it("puts each bucket's series side by side inside its band, standing on the baseline", () => {
    const rects = groupedBars(
      [
        [10, 20],
        [5, 0],
      ],
      plot,
      20,
      { padding: 0.2, gap: 4 },
    );
    expect(rects).toHaveLength(4);
    const [new0, won0, new1, won1] = rects;
    // Band 0 is x 20…180 (step 200, bandwidth 160): two bars of 78 with a gap of 4.
    expect(new0).toMatchObject({ x: 20, width: 78, y: 50, height: 50, value: 10, series: 0, index: 0 });
    expect(won0).toMatchObject({ x: 102, width: 78, y: 75, height: 25, value: 5, series: 1, index: 0 });
    expect(new1).toMatchObject({ x: 220, y: 0, height: 100 });
    expect(won1).toMatchObject({ y: 100, height: 0 });
    for (const r of rects) expect(r.y + r.height).toBe(plot.height);
  });

  it("bars never leave the plot", () => {
    const rects = groupedBars([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]], plot, 12);
    for (const r of rects) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(plot.width);
      expect(r.y).toBeGreaterThanOrEqual(0);
    }
  });

  it("a series shorter than the others counts as zeros; no series, no bars", () => {
    const rects = groupedBars([[4, 4], [2]], plot, 4);
    expect(rects.at(-1)).toMatchObject({ value: 0, height: 0 });
    expect(groupedBars([], plot, 4)).toEqual([]);
    expect(groupedBars([[]], plot, 4)).toEqual([]);
  });

  it("horizontal bars: one row each, centred, as long as their share of the axis", () => {
    const rects = horizontalBars([10, 5, 0], { width: 200, rowHeight: 20, barHeight: 10 }, 10);
    expect(rects.map((r) => [r.x, r.y, r.width, r.height])).toEqual([
      [0, 5, 200, 10],
      [0, 25, 100, 10],
      [0, 45, 0, 10],
    ]);
  });
});

describe("chart scaling: lines and labels", () => {
  it("a line goes through the band centres", () => {
    const points = linePoints([0, 50, 100], { width: 300, height: 100 }, 100);
    expect(points).toEqual([
      [50, 100],
      [150, 50],
      [250, 0],
    ]);
    expect(pathFor(points)).toBe("M50 100 L150 50 L250 0");
    expect(pathFor([])).toBe("");
  });

  it("prints every label when they fit, otherwise every k-th ending on the current period", () => {
    expect(labelEvery(5, 500, 60)).toBe(1);
    const every = labelEvery(12, 300, 60);
    expect(every).toBe(3);
    const shown = Array.from({ length: 12 }, (_, i) => i).filter((i) => showLabel(i, 12, every));
    expect(shown).toEqual([2, 5, 8, 11]);
    expect(labelEvery(1, 10, 60)).toBe(1);
  });

  it.each([
    [0, "0"],
    [7, "7"],
    [0.5, "0.5"],
    [950, "950"],
    [1000, "1k"],
    [1250, "1.3k"],
    [45_000, "45k"],
    [999_960, "1m"],
    [1_500_000, "1.5m"],
    [2_000_000_000, "2bn"],
    [-2500, "-2.5k"],
  ])("%d reads %s on an axis", (value, text) => {
    expect(compactNumber(value)).toBe(text);
  });

  it("money axis labels carry the pound sign", () => {
    expect(compactNumber(630_350, { money: true })).toBe("£630k");
    expect(compactNumber(0, { money: true })).toBe("£0");
  });
});
