import { useId, type ReactNode } from "react";
import { compactNumber, groupedBars, horizontalBars, labelEvery, linePoints, niceScale, pathFor, showLabel, yFor } from "#app/lib/chart";
import { formatMoney, formatNumber } from "#common/format";

/**
 * Server-rendered SVG charts: no chart library and no JavaScript needed. Each chart is an image with
 * an aria-label that says what it shows, and the same figures as a table in a <details> below it
 * (open it to read them; screen readers and the no-JavaScript page have them too).
 */

export type ValueKind = "count" | "money";

const formatValue = (v: number, kind: ValueKind) => (kind === "money" ? formatMoney(v) : formatNumber(v));
const axisLabel = (v: number, kind: ValueKind) => compactNumber(v, { money: kind === "money" });
const safeColor = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : "#64748b");

export interface Series {
  name: string;
  color: string;
  values: number[];
  kind: ValueKind;
}

interface Box {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}
const BOX: Box = { width: 640, height: 240, margin: { top: 12, right: 12, bottom: 30, left: 52 } };

/** A chart, its legend and its figures as a table in a <details>. */
function ChartFigure({ chart, legend, table, caption, tableId }: { chart: ReactNode; legend?: ReactNode; table: ReactNode; caption: string; tableId: string }) {
  return (
    <figure className="space-y-2">
      {chart}
      {legend}
      <details className="text-sm" data-chart-table>
        <summary className="cursor-pointer text-xs font-medium text-brand">Show the figures</summary>
        <div className="scroll-x mt-2">
          <table id={tableId} className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{caption}</caption>
            {table}
          </table>
        </div>
      </details>
    </figure>
  );
}

function Legend({ items }: { items: { name: string; color: string; line?: boolean }[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
      {items.map((s) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span className={s.line ? "h-0.5 w-4" : "h-2.5 w-2.5 rounded-sm"} style={{ backgroundColor: safeColor(s.color) }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** Horizontal grid lines and value labels of a vertical value axis. */
function ValueAxis({ ticks, max, plot, kind }: { ticks: number[]; max: number; plot: { width: number; height: number }; kind: ValueKind }) {
  return (
    <g aria-hidden="true">
      {ticks.map((t) => {
        const y = yFor(t, max, plot.height);
        return (
          <g key={t}>
            <line x1={0} x2={plot.width} y1={y} y2={y} stroke={t === 0 ? "#94a3b8" : "#e2e8f0"} strokeWidth={1} />
            <text x={-8} y={y} dy="0.32em" textAnchor="end" fontSize={11} fill="#64748b">
              {axisLabel(t, kind)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function CategoryLabels({ labels, plot, centers }: { labels: string[]; plot: { width: number; height: number }; centers: number[] }) {
  const every = labelEvery(labels.length, plot.width, 58);
  return (
    <g aria-hidden="true">
      {labels.map((label, i) =>
        showLabel(i, labels.length, every) ? (
          <text key={i} x={centers[i]} y={plot.height + 18} textAnchor="middle" fontSize={11} fill="#475569">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Series side by side per category (e.g. new and won per month). */
export function GroupedBarChart({
  title,
  description,
  labels,
  series,
  testId,
}: {
  title: string;
  description: string;
  labels: string[];
  series: Series[];
  testId?: string;
}) {
  const tableId = useId();
  const kind = series[0]?.kind ?? "count";
  const plot = { width: BOX.width - BOX.margin.left - BOX.margin.right, height: BOX.height - BOX.margin.top - BOX.margin.bottom };
  const scale = niceScale(Math.max(0, ...series.flatMap((s) => s.values)), { integer: kind === "count" });
  const rects = groupedBars(
    series.map((s) => s.values),
    plot,
    scale.max,
    { padding: 0.3, gap: 2 },
  );
  const centers = labels.map((_, i) => {
    const inBucket = rects.filter((r) => r.index === i);
    return inBucket.length ? (inBucket[0].x + inBucket[inBucket.length - 1].x + inBucket[inBucket.length - 1].width) / 2 : 0;
  });
  return (
    <ChartFigure
      tableId={tableId}
      caption={title}
      chart={
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          role="img"
          aria-label={`${title}. ${description}`}
          className="h-auto w-full"
          data-chart={testId}
          data-buckets={labels.length}
        >
          <g transform={`translate(${BOX.margin.left},${BOX.margin.top})`}>
            <ValueAxis ticks={scale.ticks} max={scale.max} plot={plot} kind={kind} />
            {rects.map((r) => (
              <rect key={`${r.series}-${r.index}`} x={r.x} y={r.y} width={r.width} height={r.height} rx={1.5} fill={safeColor(series[r.series].color)}>
                <title>{`${labels[r.index]}: ${formatValue(r.value, kind)} ${series[r.series].name.toLowerCase()}`}</title>
              </rect>
            ))}
            <CategoryLabels labels={labels} plot={plot} centers={centers} />
          </g>
        </svg>
      }
      legend={<Legend items={series} />}
      table={
        <>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Period
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="py-1 pr-4 text-right">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {label}
                </th>
                {series.map((s) => (
                  <td key={s.name} className="py-1 pr-4 text-right tabular-nums">
                    {formatValue(s.values[i] ?? 0, s.kind)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

/** One series as a line over the categories, with a light area under it. */
export function LineChart({
  title,
  description,
  labels,
  series,
  testId,
  width = BOX.width,
}: {
  title: string;
  description: string;
  labels: string[];
  series: Series;
  testId?: string;
  width?: number;
}) {
  const tableId = useId();
  const box = { ...BOX, width, height: Math.round(width * 0.6) };
  const plot = { width: box.width - box.margin.left - box.margin.right, height: box.height - box.margin.top - box.margin.bottom };
  const scale = niceScale(Math.max(0, ...series.values), { integer: series.kind === "count" });
  const points = linePoints(series.values, plot, scale.max, 0.3);
  const line = pathFor(points);
  const area = points.length ? `${line} L${points[points.length - 1][0]} ${plot.height} L${points[0][0]} ${plot.height} Z` : "";
  const color = safeColor(series.color);
  return (
    <ChartFigure
      tableId={tableId}
      caption={title}
      chart={
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          role="img"
          aria-label={`${title}. ${description}`}
          className="h-auto w-full"
          data-chart={testId}
          data-buckets={labels.length}
        >
          <g transform={`translate(${box.margin.left},${box.margin.top})`}>
            <ValueAxis ticks={scale.ticks} max={scale.max} plot={plot} kind={series.kind} />
            {area ? <path d={area} fill={color} fillOpacity={0.1} /> : null}
            {line ? <path d={line} fill="none" stroke={color} strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" /> : null}
            {points.map(([x, y], i) => (
              <circle key={i} cx={x} cy={y} r={3.5} fill="#fff" stroke={color} strokeWidth={2}>
                <title>{`${labels[i]}: ${formatValue(series.values[i], series.kind)}`}</title>
              </circle>
            ))}
            <CategoryLabels labels={labels} plot={plot} centers={points.map(([x]) => x)} />
          </g>
        </svg>
      }
      legend={<Legend items={[{ ...series, line: true }]} />}
      table={
        <>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Period
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {series.name}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {label}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{formatValue(series.values[i] ?? 0, series.kind)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

export interface HorizontalBarRow {
  label: string;
  /** A second, lighter part of the label (e.g. the pipeline of a stage). */
  group?: string;
  value: number;
  /** Shown in the table next to the value (e.g. the value of the tasks counted). */
  extra?: string;
  color: string;
}

const ROW = 26;
const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One bar per row (e.g. open tasks by stage), its label on the left and its value at the bar's end. */
export function HorizontalBarChart({
  title,
  description,
  rows,
  kind,
  valueHeader,
  extraHeader,
  testId,
  width = 640,
  labelWidth = 190,
}: {
  width?: number;
  labelWidth?: number;
  title: string;
  description: string;
  rows: HorizontalBarRow[];
  kind: ValueKind;
  valueHeader: string;
  extraHeader?: string;
  testId?: string;
}) {
  const tableId = useId();
  const valueWidth = 56;
  const plotWidth = width - labelWidth - valueWidth;
  const labelChars = Math.max(8, Math.floor(labelWidth / 6.2));
  const height = Math.max(1, rows.length) * ROW + 8;
  const scale = niceScale(Math.max(0, ...rows.map((r) => r.value)), { integer: kind === "count" });
  const bars = horizontalBars(
    rows.map((r) => r.value),
    { width: plotWidth, rowHeight: ROW, barHeight: 16 },
    scale.max,
  );
  return (
    <ChartFigure
      tableId={tableId}
      caption={title}
      chart={
        rows.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing to show yet.</p>
        ) : (
          <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}. ${description}`} className="h-auto w-full" data-chart={testId}>
            <g transform="translate(0,4)">
              {bars.map((b, i) => {
                const row = rows[i];
                const label = row.group ? `${row.group} · ${row.label}` : row.label;
                return (
                  <g key={i}>
                    <text x={labelWidth - 8} y={b.y + b.height / 2} dy="0.32em" textAnchor="end" fontSize={11} fill="#334155">
                      {truncate(label, labelChars)}
                      <title>{label}</title>
                    </text>
                    <rect x={labelWidth} y={b.y} width={Math.max(b.width, row.value > 0 ? 2 : 0)} height={b.height} rx={2} fill={safeColor(row.color)}>
                      <title>{`${label}: ${formatValue(row.value, kind)}`}</title>
                    </rect>
                    <text x={labelWidth + b.width + 6} y={b.y + b.height / 2} dy="0.32em" fontSize={11} fill="#475569">
                      {axisLabel(row.value, kind)}
                    </text>
                  </g>
                );
              })}
            </g>
          </svg>
        )
      }
      table={
        <>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Name
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {valueHeader}
              </th>
              {extraHeader ? (
                <th scope="col" className="py-1 pr-4 text-right">
                  {extraHeader}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r, i) => (
              <tr key={i}>
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {r.group ? `${r.group} · ${r.label}` : r.label}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{formatValue(r.value, kind)}</td>
                {extraHeader ? <td className="py-1 pr-4 text-right tabular-nums">{r.extra ?? ""}</td> : null}
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
