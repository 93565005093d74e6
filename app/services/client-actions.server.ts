/**
 * The actions of an individual's and a company's page and of their lines and compliance forms, by the form
 * protocol (submitForm): each form's intent picks its handler (an unknown one answers 400 before anything else),
 * which guards, checks the body with the API's own schema, saves, and redirects with a toast; a refusal brings
 * the form back with the messages under its fields and what was typed. The schemas stay on the server.
 */
import { z } from "zod";
import {
  bankAccountBodySchema,
  brandingBodySchema,
  brokerDataBodySchema,
  communicationBodySchema,
  companyEmailBodySchema,
  companyIndividualBodySchema,
  companyIndividualUpdateBodySchema,
  complianceBodySchema,
  individualEmailBodySchema,
  individualUpdateBodySchema,
  lineBodySchema,
  noteBodySchema,
} from "#contract/clients";
import type { Permission } from "#contract/permissions";
import { can, REFUSED_MESSAGE } from "../access/permissions";
import { capitalise, wordsFor } from "../lib/labels";
import { ApiValidationError, type Api } from "./api.server";
import { requireAccess, requirePermission } from "./auth.server";
import { addNote, deleteNote, emailCompany, emailIndividual, failureLine, field, linkChangeFrom, linkIndividual, updateLink } from "./clients.server";
import {
  bankFields,
  brandingBody,
  brandingFields,
  brokerBody,
  communicationBody,
  complianceBody,
  createLine,
  lineBody,
  saveBankDetails,
  saveBranding,
  saveBrokerData,
  saveCommunication,
  saveCompliance,
  splitErrorsByRow,
  updateLine,
  validateBankDetails,
} from "./companies.server";
import { dispatchIntent, submitForm } from "./form-action.server";
import { readForm } from "./forms.server";
import { idOf, isIdText } from "./ids.server";
import { updateIndividual } from "./individuals.server";
import { formOf } from "./submission.server";

type Params = { id?: string; lineId?: string };

/** A form that sends no fields of its own (a note deleted): nothing to check before the API is asked. */
const NOTHING = z.object({});
const nothing = () => ({});

/** The page without the dropdown search typed beside a link form (`search`): where a saved form goes back to. */
function hereOf(request: Request, search: string) {
  const url = new URL(request.url);
  url.searchParams.delete(search);
  return `${url.pathname}${url.search}`;
}

// --- An individual's page ------------------------------------------------------------------------------------------

/** Every form of an individual's page (archive or restore, links, notes, e-mails), by its intent. */
export async function individualPageAction(request: Request, params: Params) {
  const form = await formOf(request);
  const here = hereOf(request, "companySearch");
  // Each form asks its own permission; a form sent without it answers 403 (requirePermission's rule for actions).
  const guard = (need?: Permission) => async () => {
    const signedIn = await requireAccess(request, "/individual/:id");
    const id = idOf(params.id);
    if (need && !signedIn.subject.permissions.includes(need)) throw new Response(REFUSED_MESSAGE, { status: 403 });
    return { ...signedIn, id, words: wordsFor(signedIn.edition) };
  };
  const individualId = () => params.id ?? "";
  const archive = (intent: string) =>
    submitForm(request, {
      intent,
      form,
      guard: guard("individual_manage"),
      schema: individualUpdateBodySchema,
      body: () => ({ archived: intent === "archive" }),
      failure: ({ words }, refused) => failureLine(`Failed to ${intent} ${words.individual}.`)(null, refused),
      send: (_, { api, id }) => updateIndividual(api, id, { archived: intent === "archive" }),
      success: (_, { words }) => ({ to: here, message: `${capitalise(words.individual)} ${intent}d.` }),
    });
  return dispatchIntent<Promise<unknown>>(form, {
    archive,
    restore: archive,
    link: () =>
      submitForm(request, {
        intent: "link",
        form,
        guard: guard("company_manage"),
        precheck: ({ words }) => (isIdText(field(form, "company_id")) ? null : { company_id: [`Choose a ${words.company}.`] }),
        schema: companyIndividualBodySchema,
        body: (sent) => ({ individual_id: individualId(), ...linkChangeFrom(sent) }),
        failure: failureLine("Failed to link."),
        send: (_, { api, id }) => linkIndividual(api, field(form, "company_id"), id, linkChangeFrom(form)),
        success: (linked, { id }) => ({ to: `/individual/${id}`, message: `Linked to ${linked.data.company_name}.` }),
      }),
    "link-update": () =>
      submitForm(request, {
        intent: "link-update",
        form,
        guard: guard("company_manage"),
        schema: companyIndividualUpdateBodySchema,
        body: (sent) => ({ ...linkChangeFrom(sent) }),
        failure: failureLine("Failed to update the link."),
        send: (_, { api, id }) => updateLink(api, field(form, "company_id"), id, linkChangeFrom(form)),
        success: () => ({ to: here, message: "Link updated." }),
      }),
    "note-add": () =>
      submitForm(request, {
        intent: "note-add",
        form,
        guard: guard("individual_manage"),
        schema: noteBodySchema,
        body: (sent) => ({ notable_type: "individual", notable_id: individualId(), body: field(sent, "body") }),
        failure: failureLine("Failed to add the note."),
        send: (_, { api, id }) => addNote(api, "individual", id, field(form, "body")),
        success: (_, { id }) => ({ to: `/individual/${id}?tab=notes`, message: "Note added." }),
      }),
    // Its author may delete a note without managing the individual (the API decides).
    "note-delete": () =>
      submitForm(request, {
        intent: "note-delete",
        form,
        guard: guard(),
        schema: NOTHING,
        body: nothing,
        failure: failureLine("Failed to delete the note."),
        send: (_, { api }) => deleteNote(api, field(form, "note_id")),
        success: () => ({ to: here, message: "Note deleted." }),
      }),
    "email-send": () =>
      submitForm(request, {
        intent: "email-send",
        form,
        guard: guard("individual_manage"),
        schema: individualEmailBodySchema,
        body: (sent) => ({ individual_id: individualId(), subject: field(sent, "subject"), body: field(sent, "body") }),
        failure: failureLine("Failed to send the e-mail."),
        send: (_, { api, id }) => emailIndividual(api, id, field(form, "subject"), field(form, "body")),
        success: (_, { id }) => ({ to: `/individual/${id}?tab=emails`, message: "E-mail sent." }),
      }),
  });
}

// --- A company's page ----------------------------------------------------------------------------------------------

export const BRANDING_TOO_LARGE = "The image must be 2 MB or smaller.";

/** Every form of a company's page (links, bank account, broker data, communication, branding, notes, e-mails), by its intent. */
export async function companyPageAction(request: Request, params: Params) {
  const { form, tooLarge } = await readForm(request);
  const here = hereOf(request, "individualSearch");
  const companyId = () => params.id ?? "";
  // Every form but a note's deletion (its author's, the API decides) needs company_manage; without it, 403.
  const guard = (intent: string) => async () => {
    const signedIn = await requireAccess(request, "/company/:id");
    const id = idOf(params.id);
    if (!can(signedIn.subject, "company_manage") && intent !== "note-delete") throw new Response(REFUSED_MESSAGE, { status: 403 });
    return { ...signedIn, id };
  };
  const saved = (message: string, to = here) => ({ to, message });
  return dispatchIntent<Promise<unknown>>(form, {
    link: (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        precheck: () => (isIdText(field(form, "individual_id")) ? null : { individual_id: ["Choose an individual."] }),
        schema: companyIndividualBodySchema,
        body: (sent) => ({ individual_id: field(sent, "individual_id"), ...linkChangeFrom(sent) }),
        failure: failureLine("Failed to link."),
        send: (_, { api, id }) => linkIndividual(api, id, field(form, "individual_id"), linkChangeFrom(form)),
        success: (linked, { id }) => saved(`${linked.data.full_name} linked.`, `/company/${id}`),
      }),
    "link-update": (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: companyIndividualUpdateBodySchema,
        body: (sent) => ({ ...linkChangeFrom(sent) }),
        failure: failureLine("Failed to update the link."),
        send: (_, { api, id }) => updateLink(api, id, field(form, "individual_id"), linkChangeFrom(form)),
        success: () => saved("Link updated."),
      }),
    bank: (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: bankAccountBodySchema,
        body: (sent) => ({ ...bankFields(sent) }),
        failure: failureLine("Failed to save the bank details."),
        send: async (_, { api, id }) => {
          const bank = bankFields(form);
          // The validation call first: its messages go under each field and nothing is saved.
          const check = await validateBankDetails(api, bank);
          if (!check.valid) throw new ApiValidationError({ message: "", errors: check.errors });
          return saveBankDetails(api, id, bank);
        },
        success: () => saved("Bank details saved."),
      }),
    broker: (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: brokerDataBodySchema,
        body: brokerBody,
        failure: failureLine("Failed to save the broker data."),
        send: (_, { api, id }) => saveBrokerData(api, id, brokerBody(form)),
        success: () => saved("Broker data saved."),
      }),
    communication: (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: communicationBodySchema,
        body: communicationBody,
        failure: failureLine("Failed to save the communication details."),
        send: (_, { api, id }) => saveCommunication(api, id, communicationBody(form)),
        success: () => saved("Communication details saved."),
      }),
    branding: (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        precheck: () => (tooLarge ? { logo: [BRANDING_TOO_LARGE], icon: [BRANDING_TOO_LARGE] } : null),
        schema: brandingBodySchema,
        body: brandingFields,
        failure: failureLine("Failed to save the branding."),
        send: (_, { api, id }) => saveBranding(api, id, brandingBody(form)),
        success: () => saved("Branding saved."),
      }),
    "note-add": (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: noteBodySchema,
        body: (sent) => ({ notable_type: "company", notable_id: companyId(), body: field(sent, "body") }),
        failure: failureLine("Failed to add the note."),
        send: (_, { api, id }) => addNote(api, "company", id, field(form, "body")),
        success: (_, { id }) => saved("Note added.", `/company/${id}?tab=notes`),
      }),
    "note-delete": (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: NOTHING,
        body: nothing,
        failure: failureLine("Failed to delete the note."),
        send: (_, { api }) => deleteNote(api, field(form, "note_id")),
        success: () => saved("Note deleted."),
      }),
    "email-send": (intent) =>
      submitForm(request, {
        intent,
        form,
        guard: guard(intent),
        schema: companyEmailBodySchema,
        body: (sent) => ({ company_id: companyId(), to: field(sent, "to") || null, subject: field(sent, "subject"), body: field(sent, "body") }),
        failure: failureLine("Failed to send the e-mail."),
        send: (_, { api, id }) => emailCompany(api, id, field(form, "to") || null, field(form, "subject"), field(form, "body")),
        success: (sent, { id }) => saved(`E-mail sent to ${sent.data.messages.at(-1)?.to ?? "the company"}.`, `/company/${id}?tab=emails`),
      }),
  });
}

// --- A company's lines and compliance information ------------------------------------------------------------------

/**
 * The line drawers' action: a new line, or the line `params.lineId` updated; `guard` is the drawer's own (its
 * loader's). Saved, back to the Lines tab with a toast.
 */
export async function lineAction(request: Request, params: Params, guard: () => Promise<{ api: Api }>) {
  const form = await formOf(request);
  const lineId = params.lineId;
  return submitForm(request, {
    intent: "line",
    form,
    guard,
    schema: lineBodySchema,
    body: lineBody,
    // The splits are named by their place among those sent; the form shows each under the row it was typed in.
    renameFields: (errors) => splitErrorsByRow(form, errors),
    failure: failureLine(lineId ? "Failed to update the line." : "Failed to add the line."),
    send: (_, { api }) => (lineId ? updateLine(api, params.id!, lineId, lineBody(form)) : createLine(api, params.id!, lineBody(form))),
    success: () => ({ to: `/company/${params.id}?tab=lines`, message: lineId ? "Line updated." : "Line added." }),
  });
}

/** The compliance form's action: saved, back to the compliance page with a toast. */
export async function complianceAction(request: Request, params: Params) {
  const form = await formOf(request);
  return submitForm(request, {
    intent: "compliance",
    form,
    guard: async () => {
      const signedIn = await requirePermission(request, ["company_manage", "compliance_verification_manage"], {
        route: "/company/:id/compliance-information",
        back: `/company/${params.id}/compliance-information`,
      });
      return { ...signedIn, id: idOf(params.id) };
    },
    schema: complianceBodySchema,
    body: complianceBody,
    failure: failureLine("Failed to save the compliance information."),
    send: (_, { api, id }) => saveCompliance(api, id, complianceBody(form)),
    success: (_, { id }) => ({ to: `/company/${id}/compliance-information`, message: "Compliance information saved." }),
  });
}
