import { getFormProps, getInputProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { Provider } from "#contract/providers";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

export interface ProviderFormProps {
  provider?: Provider | null;
  options: { functions: { value: string; label: string }[]; roles: { value: string; label: string }[] };
  cancelTo: string;
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);

/** The drawer form of 'Add provider' and 'Edit provider': name required, every other rule from the server. */
export function ProviderForm({ provider, options, cancelTo }: ProviderFormProps) {
  const [form, fields] = useFormResult("save", {
    defaultValue: provider
      ? {
          name: provider.name,
          nominal_code: provider.nominal_code ?? "",
          claims_email: provider.claims_email ?? "",
          claims_telephone: provider.claims_telephone ?? "",
          support_email: provider.support_email ?? "",
          support_telephone: provider.support_telephone ?? "",
          complaints_email: provider.complaints_email ?? "",
          functions: provider.functions,
          roles: provider.roles,
        }
      : undefined,
  });
  const saving = useNavigation().state === "submitting";
  const chosenFunctions = asList(fields.functions.initialValue);
  const chosenRoles = asList(fields.roles.initialValue);
  const text = (
    name: "name" | "nominal_code" | "claims_email" | "claims_telephone" | "support_email" | "support_telephone" | "complaints_email",
    label: string,
    type: "text" | "email" | "tel" = "text",
    required = false,
  ) => {
    const meta = fields[name];
    return <Field label={label} required={required} errors={meta.errors} {...getInputProps(meta, { type })} id={meta.id} />;
  };
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      {text("name", "Name", "text", true)}
      {text("nominal_code", "Nominal code")}
      {text("claims_email", "Claims e-mail", "email")}
      {text("claims_telephone", "Claims telephone", "tel")}
      {text("support_email", "Support e-mail", "email")}
      {text("support_telephone", "Support telephone", "tel")}
      {text("complaints_email", "Complaints e-mail", "email")}
      <fieldset className="pb-3">
        <legend className="field-label">Functions</legend>
        <div className="mt-1 grid grid-cols-2 gap-1">
          {options.functions.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="functions"
                value={o.value}
                defaultChecked={chosenFunctions.includes(o.value)}
                className="h-4 w-4 rounded border-slate-300"
              />
              {o.label}
            </label>
          ))}
        </div>
        <p className="field-error">{fields.functions.errors?.join(" ")}</p>
      </fieldset>
      <fieldset className="pb-3">
        <legend className="field-label">Roles</legend>
        <div className="mt-1 grid grid-cols-2 gap-1">
          {options.roles.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="roles" value={o.value} defaultChecked={chosenRoles.includes(o.value)} className="h-4 w-4 rounded border-slate-300" />
              {o.label}
            </label>
          ))}
        </div>
        <p className="field-error">{fields.roles.errors?.join(" ")}</p>
      </fieldset>
      <div className="pb-3">
        <label htmlFor="provider-logo" className="field-label">
          Logo
        </label>
        {provider?.logo_url ? (
          <div className="mt-1 flex items-center gap-3">
            <img
              src={provider.logo_url}
              alt={`${provider.name} logo`}
              width={40}
              height={40}
              className="h-10 w-10 rounded object-contain ring-1 ring-slate-200"
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="remove_logo" value="1" className="h-4 w-4 rounded border-slate-300" /> Remove logo
            </label>
          </div>
        ) : null}
        <input
          id="provider-logo"
          name="logo"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="mt-1 block w-full text-sm"
          aria-describedby="provider-logo-help provider-logo-error"
        />
        <p id="provider-logo-help" className="mt-1 text-xs text-slate-500">
          PNG, JPEG, GIF or WebP, up to 2 MB.
        </p>
        <p id="provider-logo-error" className="field-error">
          {form.allErrors.logo?.join(" ")}
        </p>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}
