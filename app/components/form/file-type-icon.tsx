import { FILE_ICON_LABEL, fileIconKind, normaliseFileType, type FileIconKind } from "#common/file-types";

const COLOUR: Record<FileIconKind, string> = {
  image: "text-violet-600",
  word: "text-blue-700",
  excel: "text-emerald-700",
  pdf: "text-red-600",
  file: "text-slate-500",
};

/**
 * The icon of a file_type (spec §3): jpg/jpeg/png an image, doc/docx Word, xls/xlsx a spreadsheet,
 * pdf a PDF, anything else a plain file. A page with the extension written on it, coloured by kind.
 */
export function FileTypeIcon({ fileType, className = "h-8 w-8" }: { fileType?: string | null; className?: string }) {
  const kind = fileIconKind(fileType);
  const text = kind === "file" ? "" : (normaliseFileType(fileType) ?? "").toUpperCase().slice(0, 4);
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 32 32"
      role="img"
      aria-label={FILE_ICON_LABEL[kind]}
      className={`${COLOUR[kind]} ${className}`}
      data-file-icon={kind}
    >
      <path d="M7 2h12l7 7v19a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="currentColor" opacity="0.15" />
      <path
        d="M7 2h12l7 7v19a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z M19 2v7h7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      {text ? (
        <text
          x="16"
          y="23"
          textAnchor="middle"
          fontSize={text.length > 3 ? 6.5 : 8}
          fontWeight="700"
          fill="currentColor"
          fontFamily="ui-sans-serif, system-ui, sans-serif"
        >
          {text}
        </text>
      ) : null}
    </svg>
  );
}
