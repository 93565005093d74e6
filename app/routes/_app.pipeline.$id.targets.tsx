import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { FormAlert } from "../components/form/field";
import { targetsHref } from "../components/pipelines/targets-panel";
import { wordsFor } from "../lib/labels";
import { periodLabel } from "../lib/period-label";
import { requirePermission } from "../services/auth.server";
import { pipelineTargets, setTargets, targetScopeFrom } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { ApiValidationError } from "../services/api.server";
import { replyForm } from "../services/form-action.server";
import { answerOutage, OUTAGE_MESSAGE } from "../services/outage.server";
import type { UnsavedForm } from "../lib/unsaved-form";
import { SAVE_INTENT, useLastResult } from "../components/form/form-result";
import { formOf } from "../services/submission.server";
import { Form } from "../components/form/form";

async function requireManage(request: Request, id: string) {
  const signedIn = await requirePermission(request, "pipeline_manage", { route: "/pipeline/:id", back: `/pipeline/${encodeURIComponent(id)}` });
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition } = await requireManage(request, params.id!);
  const scope = targetScopeFrom(new URL(request.url));
  const { users, period } = await pipelineTargets(api, params.id!, scope);
  return {
    pipelineId: Number(params.id),
    period,
    rows: users.map((u) => ({
      user_id: u.user.id,
      full_name: u.user.full_name,
      revenue_target: String(u.revenue_target),
      count_target: String(u.count_target),
    })),
    words: wordsFor(edition),
  };
}

const text = (v: FormDataEntryValue | undefined | null) => (typeof v === "string" ? v.trim().slice(0, 50) : "");

/** Sets the period's targets of every user listed (PUT /pipelines/{id}/targets). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const period = (["month", "quarter", "year"] as const).find((p) => p === form.get("period")) ?? "month";
  const periodStart = text(form.get("period_start"));
  const userIds = form.getAll("user_id").map((v) => text(v));
  const revenues = form.getAll("revenue_target");
  const counts = form.getAll("count_target");
  const rows = userIds.map((user_id, i) => ({ user_id: Number(user_id), revenue_target: text(revenues[i]) || "0", count_target: text(counts[i]) || "0" }));
  // The form's answer (the form protocol): each row's targets as sent, the messages by row and the top line.
  const answer = (fieldErrors: Record<string, string[]>, message: string, status = 422, unsaved?: UnsavedForm) =>
    replyForm(
      SAVE_INTENT,
      {
        status: "error",
        initialValue: { revenue_target: rows.map((r) => r.revenue_target), count_target: rows.map((r) => r.count_target) },
        error: { ...fieldErrors, "": [message] },
      },
      { status, unsaved },
    );
  if (rows.length === 0) return answer({}, "Choose who works this pipeline first.");
  return answerOutage(
    form,
    async () => {
      const { api } = await requireManage(request, params.id!);
      try {
        await setTargets(api, params.id!, { period, period_start: periodStart, targets: rows });
      } catch (error) {
        if (!(error instanceof ApiValidationError)) throw error;
        return answer(error.body.errors ?? {}, "Failed to save targets.");
      }
      return redirectWithToast(request, targetsHref(Number(params.id), period, periodStart), { kind: "success", message: "Targets saved." });
    },
    (unsaved) => answer({}, OUTAGE_MESSAGE, 503, unsaved),
  );
}

export default function SetTargets() {
  const { pipelineId, period, rows, words } = useLoaderData<typeof loader>();
  const result = useLastResult();
  const busy = useNavigation().state === "submitting";
  const errors = (result?.error ?? {}) as Record<string, string[] | undefined>;
  const sent = (name: string, i: number) => {
    const v = result?.initialValue?.[name];
    return Array.isArray(v) && typeof v[i] === "string" ? v[i] : undefined;
  };
  const back = targetsHref(pipelineId, period.period, period.period_start);
  const label = periodLabel(period.period, period.period_start);
  return (
    <Drawer title={`Targets for ${label}`} closeTo={back} dismissible={!busy}>
      <Form method="post" className="space-y-4">
        <FormAlert messages={errors[""]} />
        <input type="hidden" name="period" value={period.period} />
        <input type="hidden" name="period_start" value={period.period_start} />
        {rows.length === 0 ? (
          <p className="text-sm text-slate-500">Nobody works this pipeline yet: choose its users first.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{`Targets per user for ${label}`}</caption>
            <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-2">
                  User
                </th>
                <th scope="col" className="py-2">
                  Revenue target (£)
                </th>
                <th scope="col" className="py-2">
                  {`${words.Tasks} won target`}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => {
                const revenueError = errors[`targets.${i}.revenue_target`];
                const countError = errors[`targets.${i}.count_target`];
                return (
                  <tr key={row.user_id} className="align-top">
                    <th scope="row" className="py-2 pr-2 text-left font-medium">
                      <input type="hidden" name="user_id" value={row.user_id} />
                      {row.full_name}
                    </th>
                    <td className="py-2 pr-2">
                      <input
                        name="revenue_target"
                        inputMode="decimal"
                        defaultValue={sent("revenue_target", i) ?? row.revenue_target}
                        aria-label={`Revenue target of ${row.full_name}`}
                        aria-invalid={revenueError ? true : undefined}
                        className="field-input mt-0 w-32"
                      />
                      {revenueError ? <p className="field-error">{revenueError.join(" ")}</p> : null}
                    </td>
                    <td className="py-2">
                      <input
                        name="count_target"
                        inputMode="numeric"
                        defaultValue={sent("count_target", i) ?? row.count_target}
                        aria-label={`${words.Tasks} won target of ${row.full_name}`}
                        aria-invalid={countError ? true : undefined}
                        className="field-input mt-0 w-24"
                      />
                      {countError ? <p className="field-error">{countError.join(" ")}</p> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Link to={back} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={busy || rows.length === 0}>
            {busy ? "Saving…" : "Save"}
          </button>
        </div>
      </Form>
    </Drawer>
  );
}
