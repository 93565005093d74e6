import { useNavigation } from "@remix-run/react";
import { useState, type FocusEvent } from "react";
import type { CompanyDetail } from "#contract/clients";
import { accountNameError, accountNumberError, sortCodeError } from "#common/bank-details";
import { formatDateTime } from "#common/format";
import { Field, FormAlert } from "../form/field";
import { FileField } from "../form/file-field";
import { SelectField } from "../form/select-field";
import { SortCodeInput } from "../form/sort-code-input";
import { useClientForm } from "./client-form";
import { Form } from "../form/form";

function SaveButton({ label = "Save" }: { label?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex justify-end pt-2">
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Saving…" : label}
      </button>
    </div>
  );
}

const BANK_FIELDS = ["account_name", "account_number", "sort_code"] as const;
type BankField = (typeof BANK_FIELDS)[number];
const BANK_RULES: Record<BankField, (v: string) => string | null> = {
  account_name: accountNameError,
  account_number: accountNumberError,
  sort_code: sortCodeError,
};

/**
 * Bank account details (spec §5): account name, 8-digit account number and sort code (grouped in pairs as
 * typed). The server checks them with the validation call before saving and shows its messages under each
 * field, keeping what was typed; with JavaScript the same rules are told as each field is left.
 */
export function BankDetailsForm({ company, canManage }: { company: CompanyDetail; canManage: boolean }) {
  const state = useClientForm("bank");
  const [checked, setChecked] = useState<Partial<Record<BankField, string | null>>>({});
  const saved = company.bank_account;
  const errors = (name: BankField) => {
    if (name in checked) return checked[name] ? [checked[name]!] : undefined;
    return state.errors(name);
  };
  const onBlur = (name: BankField) => (e: FocusEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    // An untouched empty field is not told off until the form is sent.
    if (value.trim() === "" && !(name in checked) && !state.errors(name)) return;
    setChecked((c) => ({ ...c, [name]: BANK_RULES[name](value) }));
  };
  if (!canManage) {
    return (
      <p className="text-sm text-slate-700">
        {saved.account_name ? `${saved.account_name} · ${saved.account_number ?? "—"} · ${saved.sort_code ?? "—"}` : "No bank account on record."}
      </p>
    );
  }
  return (
    <Form method="post" className="space-y-1" noValidate preventScrollReset data-bank-form>
      <input type="hidden" name="intent" value="bank" />
      <FormAlert messages={state.message ? [state.message, ...state.others(BANK_FIELDS)] : null} />
      <Field
        id="bank-account-name"
        name="account_name"
        label="Account name"
        required
        maxLength={70}
        autoComplete="off"
        defaultValue={state.value("account_name", saved.account_name)}
        errors={errors("account_name")}
        onBlur={onBlur("account_name")}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="bank-account-number"
          name="account_number"
          label="Account number"
          required
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
          help="8 digits"
          defaultValue={state.value("account_number", saved.account_number)}
          errors={errors("account_number")}
          onBlur={onBlur("account_number")}
        />
        <SortCodeInput
          id="bank-sort-code"
          name="sort_code"
          label="Sort code"
          required
          help="6 digits, like 12-34-56"
          defaultValue={state.value("sort_code", saved.sort_code)}
          errors={errors("sort_code")}
          onBlur={onBlur("sort_code")}
        />
      </div>
      <SaveButton label="Save bank details" />
    </Form>
  );
}

export function BrokerDataForm({ company, canManage }: { company: CompanyDetail; canManage: boolean }) {
  const state = useClientForm("broker");
  const b = company.broker_data;
  const fields = ["fca_number", "network", "appointed_representative", "principal_firm"];
  return (
    <Form method="post" className="space-y-1" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="broker" />
      <fieldset disabled={!canManage} className="space-y-1">
        <FormAlert messages={state.message ? [state.message, ...state.others(fields)] : null} />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id="broker-fca"
            name="fca_number"
            label="FCA reference number"
            inputMode="numeric"
            maxLength={7}
            defaultValue={state.value("fca_number", b.fca_number)}
            errors={state.errors("fca_number")}
          />
          <Field
            id="broker-network"
            name="network"
            label="Network"
            maxLength={255}
            defaultValue={state.value("network", b.network)}
            errors={state.errors("network")}
          />
        </div>
        <label className="flex items-center gap-2 pb-3 text-sm">
          <input
            type="checkbox"
            name="appointed_representative"
            defaultChecked={state.checked("appointed_representative", b.appointed_representative)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Appointed representative
        </label>
        <Field
          id="broker-principal"
          name="principal_firm"
          label="Principal firm"
          help="Needed for an appointed representative."
          maxLength={255}
          defaultValue={state.value("principal_firm", b.principal_firm)}
          errors={state.errors("principal_firm")}
        />
      </fieldset>
      {canManage ? <SaveButton label="Save broker data" /> : null}
    </Form>
  );
}

const CHANNEL_LABELS: Record<string, string> = { email: "E-mail", telephone: "Telephone", post: "Post", sms: "SMS" };
const MARKETING: { name: string; label: string; key: "marketing_email" | "marketing_sms" | "marketing_telephone" | "marketing_post" }[] = [
  { name: "marketing_email", label: "E-mail", key: "marketing_email" },
  { name: "marketing_sms", label: "SMS", key: "marketing_sms" },
  { name: "marketing_telephone", label: "Telephone", key: "marketing_telephone" },
  { name: "marketing_post", label: "Post", key: "marketing_post" },
];

export function CommunicationForm({ company, channels, canManage }: { company: CompanyDetail; channels: readonly string[]; canManage: boolean }) {
  const state = useClientForm("communication");
  const c = company.communication_details;
  return (
    <Form method="post" className="space-y-1" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="communication" />
      <fieldset disabled={!canManage} className="space-y-1">
        <FormAlert messages={state.message ? [state.message, ...state.others(["preferred_channel", ...MARKETING.map((m) => m.name)])] : null} />
        <SelectField
          id="communication-channel"
          name="preferred_channel"
          label="Preferred channel"
          options={channels.map((ch) => ({ value: ch, label: CHANNEL_LABELS[ch] ?? ch }))}
          placeholder="No preference"
          defaultValue={state.value("preferred_channel", c.preferred_channel)}
          errors={state.errors("preferred_channel")}
          className="max-w-xs"
        />
        <fieldset className="pb-2">
          <legend className="field-label">Marketing consent</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {MARKETING.map((m) => (
              <label key={m.name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={m.name} defaultChecked={state.checked(m.name, c[m.key])} className="h-4 w-4 rounded border-slate-300" />
                {m.label}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {c.consent_updated_at ? `Consent last changed ${formatDateTime(c.consent_updated_at)}.` : "Consent never recorded."}
          </p>
        </fieldset>
      </fieldset>
      {canManage ? <SaveButton label="Save communication details" /> : null}
    </Form>
  );
}

/** Logo, icon (images, 2 MB each) and the company's colour, as one multipart form. */
export function BrandingForm({ company, canManage }: { company: CompanyDetail; canManage: boolean }) {
  const state = useClientForm("branding");
  const colour = state.value("company_branding_colour", company.company_branding_colour);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="branding" />
      <fieldset disabled={!canManage} className="space-y-1">
        <FormAlert
          messages={state.message ? [state.message, ...state.others(["logo", "icon", "company_branding_colour", "remove_logo", "remove_icon"])] : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <FileField
              id="branding-logo"
              name="logo"
              label="Logo"
              accept="image/*"
              help="PNG, JPEG, GIF or WebP, at most 2 MB."
              currentFile={company.logo_url ? { name: "Current logo", url: company.logo_url } : null}
              removeName="remove_logo"
              removeLabel="Remove logo"
              errors={state.errors("logo")}
            />
            {company.logo_url ? (
              <img src={company.logo_url} alt={`${company.name} logo`} className="h-16 max-w-[12rem] rounded bg-white object-contain ring-1 ring-slate-200" />
            ) : null}
          </div>
          <div>
            <FileField
              id="branding-icon"
              name="icon"
              label="Icon"
              accept="image/*"
              help="A square image works best."
              currentFile={company.icon_url ? { name: "Current icon", url: company.icon_url } : null}
              removeName="remove_icon"
              removeLabel="Remove icon"
              errors={state.errors("icon")}
            />
            {company.icon_url ? (
              <img
                src={company.icon_url}
                alt={`${company.name} icon`}
                width={64}
                height={64}
                className="h-16 w-16 rounded bg-white object-contain ring-1 ring-slate-200"
              />
            ) : null}
          </div>
        </div>
        <Field
          id="branding-colour"
          name="company_branding_colour"
          label="Colour"
          placeholder="#0f4c81"
          maxLength={7}
          help="As #rrggbb; empty for none."
          defaultValue={colour}
          errors={state.errors("company_branding_colour")}
          className="max-w-xs"
          trailing={
            /^#[0-9a-f]{6}$/i.test(colour) ? (
              <span aria-hidden="true" className="absolute inset-y-0 right-9 my-2 w-6 rounded ring-1 ring-slate-300" style={{ backgroundColor: colour }} />
            ) : null
          }
        />
      </fieldset>
      {canManage ? <SaveButton label="Save branding" /> : null}
    </Form>
  );
}
