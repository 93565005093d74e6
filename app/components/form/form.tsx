import { Form as RemixForm, useRouteLoaderData, type FormProps } from "@remix-run/react";
import { forwardRef } from "react";
import { SUBMISSION_FIELD } from "#app/lib/submission";

/**
 * The page's submission key as a hidden field (app/lib/submission.ts): the frame's data gives a new one each
 * time it is loaded, that is on every page load and after every change. Outside the frame (sign-in pages) none.
 */
export function SubmissionKey() {
  const key = useRouteLoaderData<{ submissionKey?: string }>("routes/_app")?.submissionKey;
  return key ? <input type="hidden" name={SUBMISSION_FIELD} value={key} /> : null;
}

/** Remix's Form; one that changes something (not a GET) carries the page's submission key: sent twice, it acts once. */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, ...props }, ref) {
  const changes = (props.method ?? "get").toLowerCase() !== "get";
  return (
    <RemixForm ref={ref} {...props}>
      {changes && <SubmissionKey />}
      {children}
    </RemixForm>
  );
});
