import { getFormProps, getInputProps } from "@conform-to/react";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { Drawer } from "../drawer";
import { Field, FormAlert } from "./field";
import { Form } from "./form";
import { useFormResult } from "./form-result";

/** A one-field drawer form for a name (roles, teams). */
export function NameForm({ name, label = "Role name", cancelTo }: { name?: string; label?: string; cancelTo: string }) {
  const [form, fields] = useFormResult("save", { defaultValue: name ? { name } : undefined });
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field label={label} required maxLength={100} errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
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

/** The drawer of 'Add role' / 'Add team' over its list (newNameAction in app/services/name-form.server.ts). */
export function NewNameDrawer({ title, list, label }: { title: string; list: string; label?: string }) {
  const { search } = useLocation();
  return (
    <Drawer title={title} closeTo={`${list}${search}`}>
      <NameForm label={label} cancelTo={`${list}${search}`} />
    </Drawer>
  );
}
