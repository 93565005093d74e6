import { useState, type ChangeEvent, type InputHTMLAttributes } from "react";
import { fileTypeFromName, IMAGE_ONLY_MESSAGE, matchesAccept } from "#common/file-types";
import { FieldFrame, fieldAria, type FieldFrameProps } from "./field";
import { Icon } from "../ui/icon";
import { FileTypeIcon } from "./file-type-icon";

export interface CurrentFile {
  name: string;
  /** Where the current file can be opened. */
  url?: string | null;
  /** jpg, png, pdf …; taken from the name or URL when missing. */
  file_type?: string | null;
}

export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "value" | "defaultValue">, FieldFrameProps {
  /** e.g. "image/*" where images are asked (spec §5). */
  accept?: string;
  /** The file the record holds now: shown with its file-type icon, and a 'Remove' checkbox. */
  currentFile?: CurrentFile | null;
  /** The name of the 'Remove' checkbox (posted as "on" when ticked). Default `${name}_remove`. */
  removeName?: string;
  removeLabel?: string;
}

/**
 * A file input (works without JavaScript: multipart form, the server checks the type). Shows the
 * current file with its file-type icon and a 'Remove' checkbox to clear it. With JavaScript, a chosen
 * file that does not match `accept` is flagged at once ('Choose an image file.' for image/*).
 */
export function FileField({
  id,
  label,
  errors,
  help,
  required,
  success,
  className,
  accept,
  currentFile,
  name,
  removeName,
  removeLabel = "Remove",
  onChange,
  ...input
}: FileFieldProps) {
  const [chosen, setChosen] = useState<{ name: string; error: string | null } | null>(null);
  const shownErrors = chosen?.error ? [chosen.error] : errors;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) setChosen(null);
    else {
      const ok = matchesAccept(accept, file);
      const error = ok ? null : accept?.trim() === "image/*" ? IMAGE_ONLY_MESSAGE : "Choose a file of an accepted type.";
      event.currentTarget.setCustomValidity(error ?? "");
      setChosen({ name: file.name, error });
    }
    onChange?.(event);
  }

  const currentType = currentFile ? (currentFile.file_type ?? fileTypeFromName(currentFile.url ?? currentFile.name)) : null;
  const removeId = `${id}-remove`;
  return (
    <FieldFrame id={id} label={label} errors={shownErrors} help={help} required={required} className={className}>
      {currentFile ? (
        <div className="mt-1.5 flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <FileTypeIcon fileType={currentType} />
          {currentFile.url ? (
            <a href={currentFile.url} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate font-medium text-brand underline">
              {currentFile.name}
            </a>
          ) : (
            <span className="min-w-0 flex-1 truncate font-medium">{currentFile.name}</span>
          )}
          <label htmlFor={removeId} className="flex items-center gap-1.5 text-slate-700">
            <input id={removeId} type="checkbox" name={removeName ?? (name ? `${name}_remove` : undefined)} className="h-4 w-4 rounded border-slate-300" />
            {removeLabel}
          </label>
        </div>
      ) : null}
      <div className="mt-1.5 flex items-center gap-3">
        <input
          id={id}
          type="file"
          name={name}
          accept={accept}
          {...fieldAria({ id, errors: shownErrors, help })}
          required={required && !currentFile}
          className="block w-full rounded-md border border-dashed border-slate-300 bg-white p-1.5 hover:border-slate-400"
          onChange={handleChange}
          {...input}
        />
        {chosen && !chosen.error ? <FileTypeIcon fileType={fileTypeFromName(chosen.name)} className="h-6 w-6 shrink-0" /> : null}
        {success && !shownErrors?.length ? (
          <span aria-hidden="true" className="text-emerald-600">
            <Icon name="circle-check" />
          </span>
        ) : null}
      </div>
    </FieldFrame>
  );
}
