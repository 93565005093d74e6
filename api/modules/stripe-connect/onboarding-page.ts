import { escapeHtml, hostedField } from "#api/http/hosted-page";
import { SANDBOX_ACCOUNT_NUMBER, SANDBOX_SORT_CODE } from "#api/integrations/payments/connect-sandbox";

const e = escapeHtml;

export type OnboardingField = "business_name" | "sort_code" | "account_number" | "first_name" | "last_name" | "accept_terms";

export interface OnboardingView {
  action: string;
  returnUrl: string;
  status: string;
  missing: string[];
  values: Partial<Record<OnboardingField, string>>;
  errors?: Partial<Record<OnboardingField, string>>;
  error?: string;
}

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: #111827; margin: 0; background: #f3f4f6; }
  main { max-width: 36rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 0; }
  .sandbox { background: #fef3c7; border: 2px dashed #d97706; padding: 0.75rem 1rem; border-radius: 0.375rem; margin-bottom: 1.5rem; }
  .alert { background: #fef2f2; border: 1px solid #dc2626; color: #991b1b; padding: 0.75rem 1rem; border-radius: 0.375rem; }
  .field { margin: 1rem 0 0; } label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input[type=text] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #9ca3af; border-radius: 0.375rem; }
  input[aria-invalid="true"] { border-color: #dc2626; }
  .error { color: #b91c1c; min-height: 1.2em; margin: 0.25rem 0 0; font-size: 0.9rem; }
  .row { display: flex; gap: 1rem; } .row .field { flex: 1; }
  button { font: inherit; margin-top: 1.5rem; width: 100%; padding: 0.75rem; border-radius: 0.375rem; border: 0; background: #1f2937; color: #fff; cursor: pointer; }
  a { color: #1d4ed8; }`;

const ONBOARDING_NOTICE = "This page stands in for Stripe Connect's onboarding: nothing is sent to Stripe, no account is opened and no money moves.";

/** A page of the sandbox on the API host, labelled as the sandbox with what it stands in for. */
export const sandboxPage = (title: string, body: string, notice = ONBOARDING_NOTICE) => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · Sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<section class="sandbox" aria-label="Sandbox"><strong>Sandbox: test mode.</strong> ${e(notice)}</section>
${body}
</main>
</body>
</html>
`;

/**
 * The sandbox's onboarding form (on the API host, through the account link): what Stripe's hosted onboarding asks
 * of a UK business — its name, the bank account for payouts (test sort code and account number only), the
 * representative, the terms. Plain HTML, no JavaScript. What is left blank stays due: the account is then pending.
 */
export function onboardingPageHtml(v: OnboardingView): string {
  const field = (name: OnboardingField, label: string, attrs: string) =>
    hostedField(name, label, `type="text" ${attrs}`, v.values[name] ?? "", v.errors?.[name]);
  const termsError = v.errors?.accept_terms;
  return sandboxPage(
    "Set up card payments",
    `<h1>Set up card payments</h1>
<p>Status: <strong>${e(v.status)}</strong>.${v.missing.length ? ` Still needed: ${v.missing.map(e).join(", ")}.` : ""}</p>
<p>Fill in what you have; anything left blank stays on the list of what is missing, and you can come back later.</p>
${v.error ? `<p class="alert" role="alert">${e(v.error)}</p>` : ""}
<form method="post" action="${e(v.action)}" novalidate>
<h2>Business details</h2>
${field("business_name", "Registered business name", 'maxlength="200" autocomplete="organization"')}
<h2>Bank account for payouts</h2>
<p>Test bank account: sort code <code>${SANDBOX_SORT_CODE.replace(/(\d{2})(?=\d)/g, "$1-")}</code>, account number <code>${SANDBOX_ACCOUNT_NUMBER}</code>.</p>
<div class="row">
${field("sort_code", "Sort code", 'maxlength="8" inputmode="numeric" placeholder="10-88-00"')}
${field("account_number", "Account number", 'maxlength="8" inputmode="numeric" placeholder="00012345"')}
</div>
<h2>Representative</h2>
<div class="row">
${field("first_name", "First name", 'maxlength="100" autocomplete="given-name"')}
${field("last_name", "Last name", 'maxlength="100" autocomplete="family-name"')}
</div>
<div class="field">
  <label><input type="checkbox" name="accept_terms" value="yes"${v.values.accept_terms ? " checked" : ""}${termsError ? ' aria-invalid="true" aria-describedby="accept_terms-error"' : ""}> I accept the Stripe Connected Account Agreement (sandbox)</label>
  <p class="error" id="accept_terms-error">${termsError ? e(termsError) : ""}</p>
</div>
<button type="submit">Submit and return to the portal</button>
</form>
<p><a href="${e(v.returnUrl)}">Return to the portal without saving</a></p>`,
  );
}

/** An onboarding link that is not (or no longer) known: said plainly, with the way to a new one (404). */
export function expiredPageHtml(): string {
  return sandboxPage(
    "Onboarding link expired",
    `<h1>This onboarding link has expired</h1>
<p class="alert" role="alert">This onboarding link has expired or is not valid. Go back to the portal and press Continue onboarding for a new one.</p>`,
  );
}
