import { redirect } from "@remix-run/node";
import { todayInLondon } from "#common/dates";
import type { SalesDocument } from "#contract/sales-documents";
import { can } from "../access/permissions";
import { allowedActions, SALES_KINDS, type SalesKind } from "../components/sales/kinds";
import { poundsTextToPence, PRICE_MESSAGE } from "../components/sales/totals";
import { ApiValidationError } from "./api.server";
import { requireAccess, requirePermission, type SignedIn } from "./auth.server";
import { applyChoiceFinds } from "./choice-find.server";
import { companyOption, readsCompanies } from "./companies.server";
import { chosenFile } from "./forms.server";
import { dispatchIntent, keepOnOutage, refuseForm } from "./form-action.server";
import { idOf } from "./ids.server";
import { individualOption, readsIndividuals } from "./individuals.server";
import { addAttachment, deleteDocument, documentAction, getDocument, removeAttachment, updateDocument, type DocumentAction } from "./sales-documents.server";
import {
  detailsBody,
  documentChoices,
  documentFinders,
  formErrors,
  isEmptyLine,
  itemsBody,
  LINES_FIELD,
  linesOf,
  MAX_FORM_LINES,
  ITEM_FIELDS,
  type LineValues,
} from "./sales-form.server";
import { redirectWithToast } from "./session.server";
import { readUploadForm } from "./task-detail.server";

/** The forms of a document's page: the editor, the status actions, the paid status and the attachments. */
export const EDITOR_INTENT = "editor";
export const ACTIONS_INTENT = "actions";
export const PAID_INTENT = "paid";
export const FILES_INTENT = "files";

const EDITOR_FIELDS = ["individual_id", "company_id", "task_id", "issue_date", "due_date", "reference", "notes", "terms_and_conditions"] as const;

/** A document as its page shows it (the page's data: the document less what the page does not draw). */
function pageDocument(d: SalesDocument) {
  const { client_link: _link, pdf_url: _pdf, summary_url: _summary, ...shown } = d;
  return shown;
}
export type PageDocument = ReturnType<typeof pageDocument>;

/** A document's page: the document, what its status and the user's permissions allow, and the editor's choices. */
export async function documentPageLoader(request: Request, params: { id?: string }, kind: SalesKind) {
  const k = SALES_KINDS[kind];
  const { api, subject } = await requireAccess(request, k.pattern);
  const id = idOf(params.id);
  // The invoice page lets in a user who sees accounting-synced invoices only: a simple invoice is not theirs, so they
  // go back to the parent screen, the invoices list, which shows them the synced kind.
  if (kind === "invoice" && !can(subject, "invoice_view", "invoice_manage") && can(subject, "xero_invoices_view")) throw redirect("/invoices?kind=synced");
  const doc = await getDocument(api, kind, id);
  const canManage = can(subject, k.manage);
  const allowed = allowedActions(kind, doc.status);
  const editing = canManage && allowed.edit;
  const choices = editing ? await documentChoices(api, subject, {}) : null;
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  const client =
    doc.client.type === "individual"
      ? individualOption({ id: doc.client.id, full_name: doc.client.name, email: doc.client.email })
      : companyOption({ id: doc.client.id, name: doc.client.name, postcode: null });
  return {
    kind,
    doc: pageDocument(doc),
    client,
    choices,
    editing,
    allowed,
    canManage,
    canDelete: can(subject, k.remove),
    canConvert: can(subject, "invoice_manage"),
    canReadIndividuals: readsIndividuals(subject.permissions),
    canReadCompanies: readsCompanies(subject.permissions),
    confirm: confirm === "delete" || confirm === "cancel" ? (confirm as "delete" | "cancel") : null,
    today: todayInLondon(),
  };
}
export type DocumentPageData = Awaited<ReturnType<typeof documentPageLoader>>;

const REMOVE_LINE = "remove-line-";
const BLANK_LINE: LineValues = { description: "", quantity: "1", unit_price: "", vat_rate: "20", account_code: "", product_id: "" };

/** The editor's form again with its lines renumbered: `lines` as given, each line's fields under its new place. */
function withLines(form: FormData, lines: Record<string, string>[]): FormData {
  const next = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || /^items\.\d+\./.test(name) || name === LINES_FIELD || name === "intent") continue;
    next.append(name, value);
  }
  next.set(LINES_FIELD, String(lines.length));
  lines.forEach((line, i) => ITEM_FIELDS.forEach((f) => next.set(`items.${i}.${f}`, line[f] ?? "")));
  return next;
}

/** An API refusal's messages, for a banner: the message and every field's. */
function refusalMessages(error: ApiValidationError): string[] {
  const fields = Object.values(error.body.errors ?? {}).flat();
  return fields.length ? [...new Set(fields)] : [error.body.message];
}

const TOASTS: Record<string, (k: (typeof SALES_KINDS)[SalesKind], d: SalesDocument) => string> = {
  send: (k, d) => `${k.Noun} ${d.number_label} sent to ${d.client.email}.`,
  "mark-sent": (k, d) => `${k.Noun} ${d.number_label} marked as sent.`,
  "mark-approved": (k, d) => `${k.Noun} ${d.number_label} marked as approved.`,
  recalculate: (k) => `${k.Noun} recalculated.`,
  cancel: (k, d) => `${k.Noun} ${d.number_label} cancelled.`,
};

/** Every form of a document's page posts here with its intent; an unknown intent answers 400. */
export async function documentPageAction(request: Request, params: { id?: string }, kind: SalesKind) {
  const k = SALES_KINDS[kind];
  const id = idOf(params.id);
  const here = `${k.portal}/${id}`;
  const { form, tooLarge } = await readUploadForm(request, "document");
  const guard = (permission = k.manage) => requirePermission(request, permission, { route: k.pattern, back: here });
  const refuseActions = (error: ApiValidationError) => refuseForm(ACTIONS_INTENT, form, { formErrors: refusalMessages(error) });

  // The editor: Save, Add line, Remove (a line), all with what is typed. Add line and Remove draw the form again
  // one line longer or shorter; Save saves it.
  const inEditor = (run: (signedIn: SignedIn, lines: LineValues[]) => Promise<unknown>) => () =>
    keepOnOutage(EDITOR_INTENT, form, async () => run(await guard(), linesOf(form)));
  const redrawn = (lines: LineValues[]) => refuseForm(EDITOR_INTENT, withLines(form, lines), {}, { status: 200 });
  const save = inEditor(async ({ api, subject }, lines) => {
    const found = await applyChoiceFinds(form, documentFinders(api, subject));
    const failure = `Failed to save ${k.noun}.`;
    const sent = lines.map((line, index) => ({ line, index })).filter(({ line }) => !isEmptyLine(line));
    const priceErrors = Object.fromEntries(
      sent.filter(({ line }) => poundsTextToPence(line.unit_price) === null).map(({ index }) => [`items.${index}.unit_price`, [PRICE_MESSAGE]]),
    );
    const refused = { ...found.errors, ...priceErrors };
    if (Object.keys(refused).length) return refuseForm(EDITOR_INTENT, form, { fieldErrors: refused, formErrors: [failure] }, { found });
    try {
      await updateDocument(api, kind, id, { ...detailsBody(form, EDITOR_FIELDS), items: itemsBody(sent.map((s) => s.line)) });
    } catch (error) {
      if (!(error instanceof ApiValidationError)) throw error;
      const errors = formErrors(
        error.body.errors ?? {},
        sent.map((s) => s.index),
      );
      // The document's status refused the change (it was sent meanwhile): said on top.
      const top = errors.status ? [failure, ...errors.status] : [failure];
      return refuseForm(EDITOR_INTENT, form, { fieldErrors: errors, formErrors: top }, { found });
    }
    return redirectWithToast(request, here, { kind: "success", message: `${k.Noun} saved.` });
  });
  const addLine = inEditor(async (_signedIn, lines) => redrawn([...lines, BLANK_LINE].slice(0, MAX_FORM_LINES)));
  // Remove: its button's intent names the line ("remove-line-2").
  const removeLine = (intent: string) =>
    inEditor(async (_signedIn, lines) => {
      const index = Number(intent.slice(REMOVE_LINE.length));
      return redrawn(lines.filter((_line, i) => i !== index));
    })();

  const simple = (action: DocumentAction) => async () =>
    keepOnOutage(ACTIONS_INTENT, form, async () => {
      const { api } = await guard();
      let doc: SalesDocument;
      try {
        doc = await documentAction(api, kind, id, action);
      } catch (error) {
        if (!(error instanceof ApiValidationError)) throw error;
        return refuseActions(error);
      }
      return redirectWithToast(request, here, { kind: "success", message: TOASTS[action](k, doc) });
    });

  const intents: Record<string, () => Promise<unknown>> = {
    save,
    "add-line": addLine,
    send: simple("send"),
    "mark-sent": simple("mark-sent"),
    "mark-approved": simple("mark-approved"),
    recalculate: simple("recalculate"),
    cancel: simple("cancel"),
    convert: async () =>
      keepOnOutage(ACTIONS_INTENT, form, async () => {
        const { api } = await guard();
        let invoice: SalesDocument;
        try {
          invoice = await documentAction(api, kind, id, "convert");
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuseActions(error);
        }
        return redirectWithToast(request, `/invoices/${invoice.id}`, { kind: "success", message: "Quote converted: this is its invoice, a draft." });
      }),
    delete: async () =>
      keepOnOutage(ACTIONS_INTENT, form, async () => {
        const { api } = await guard(k.remove);
        try {
          await deleteDocument(api, kind, id);
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuseActions(error);
        }
        return redirectWithToast(request, k.portal, { kind: "success", message: `${k.Noun} deleted.` });
      }),
    paid: async () =>
      keepOnOutage(PAID_INTENT, form, async () => {
        const { api } = await guard();
        const paid = form.get("paid") !== "false";
        try {
          await documentAction(api, kind, id, "paid-status", {
            paid,
            ...(paid ? { paid_on: String(form.get("paid_on") ?? ""), payment_method: String(form.get("payment_method") ?? "") } : {}),
          });
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          const errors = error.body.errors ?? {};
          const { paid_on, payment_method, ...rest } = errors;
          const others = Object.values(rest).flat();
          return refuseForm(PAID_INTENT, form, {
            fieldErrors: { ...(paid_on ? { paid_on } : {}), ...(payment_method ? { payment_method } : {}) },
            formErrors: others.length ? others : [paid ? "Failed to mark the invoice as paid." : "Failed to mark the invoice as unpaid."],
          });
        }
        return redirectWithToast(request, here, { kind: "success", message: paid ? "Invoice marked as paid." : "Invoice marked as unpaid." });
      }),
    upload: async () =>
      keepOnOutage(FILES_INTENT, form, async () => {
        const { api } = await guard();
        const file = chosenFile(form, "document");
        const problem = tooLarge ? "The document may not be larger than 2 MB." : file ? null : "Choose a file.";
        if (problem) return refuseForm(FILES_INTENT, form, { fieldErrors: { document: [problem] } });
        try {
          await addAttachment(api, kind, id, file!);
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuseForm(FILES_INTENT, form, { fieldErrors: { document: refusalMessages(error) } });
        }
        return redirectWithToast(request, here, { kind: "success", message: `Document ${file!.name} attached.` });
      }),
    "remove-document": async () =>
      keepOnOutage(FILES_INTENT, form, async () => {
        const { api } = await guard();
        const fileId = String(form.get("document_id") ?? "");
        idOf(fileId);
        try {
          await removeAttachment(api, kind, id, fileId);
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuseForm(FILES_INTENT, form, { formErrors: refusalMessages(error) });
        }
        return redirectWithToast(request, here, { kind: "success", message: "Document removed." });
      }),
  };
  return dispatchIntent(form, intents, (intent) => (intent.startsWith(REMOVE_LINE) ? removeLine(intent) : undefined));
}
