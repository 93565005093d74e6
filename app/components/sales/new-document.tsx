import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { newDocumentLoader } from "#app/services/sales-form.server";
import { Drawer } from "../drawer";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer } from "../form/form-answer";
import { DocumentFields } from "./document-fields";
import { SALES_KINDS } from "./kinds";

/** The New quote / New invoice drawer: the client (and task, dates, reference); the items are added on its page. */
export function NewDocumentDrawer() {
  const { kind, choices, cancelTo, canReadIndividuals, canReadCompanies } = useLoaderData<Awaited<ReturnType<typeof newDocumentLoader>>>();
  const answer = useFormAnswer();
  const reading = formReading(answer?.form.result);
  const saving = useNavigation().state === "submitting";
  const k = SALES_KINDS[kind];
  return (
    <Drawer title={`New ${k.noun}`} closeTo={cancelTo}>
      <Form method="post" className="space-y-3" aria-label={`New ${k.noun}`}>
        <FormAlert messages={reading.top} />
        <DocumentFields
          kind={kind}
          reading={reading}
          choices={choices}
          found={answer?.found}
          canReadIndividuals={canReadIndividuals}
          canReadCompanies={canReadCompanies}
        />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Link to={cancelTo} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving…" : `Create ${k.noun}`}
          </button>
        </div>
      </Form>
    </Drawer>
  );
}
