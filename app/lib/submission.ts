/**
 * Every form that changes something carries its page's submission key in this hidden field (SubmissionKey in
 * app/components/form/form.tsx): the portal derives each API call's `Idempotency-Key` from it
 * (app/services/submission.server.ts), so the same form sent twice (a double click, a form sent again after its
 * answer was lost) acts once. Not a field of any form's own.
 */
export const SUBMISSION_FIELD = "_submission";

/** A key as the frame makes it (a UUID); anything else sent in the field is ignored. */
export const SUBMISSION_KEY = /^[A-Za-z0-9-]{16,64}$/;
