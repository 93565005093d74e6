/**
 * A stage as a small coloured label, with its pipeline when given. Inline text (not a flex row), so in a
 * narrow table cell it wraps between words like a sentence instead of into columns.
 */
export function StageChip({ pipeline, stage }: { pipeline?: string | null; stage: { name: string; color: string } }) {
  const color = /^#[0-9a-f]{6}$/i.test(stage.color) ? stage.color : "#64748b";
  return (
    <span className="text-sm">
      <span aria-hidden="true" className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: color }} />
      {pipeline ? <span className="text-slate-500">{`${pipeline} · `}</span> : null}
      <span>{stage.name}</span>
    </span>
  );
}
