import { reminderBodySchema } from "#contract/calendar";
import { requirePermission } from "./auth.server";
import { createReminder, updateReminder } from "./calendar.server";
import { calendarBack } from "./calendar-forms.server";
import { submitForm } from "./form-action.server";

/**
 * 'New reminder' and 'Edit reminder': the fields checked by the contract's schema, then sent on as multipart with
 * every chosen document; the API's field errors (a time in the past, a document of the wrong type) under their fields.
 */
export function saveReminderForm(request: Request, { form, tooLarge }: { form: FormData; tooLarge: boolean }, reminderId?: string) {
  const back = calendarBack(request);
  return submitForm(request, {
    form,
    guard: () => requirePermission(request, "events_manage", { route: "/calendar", back }),
    schema: reminderBodySchema,
    failure: reminderId ? "Failed to update reminder." : "Failed to create reminder.",
    precheck: () => (tooLarge ? { documents: ["The documents must be 2 MB or smaller."] } : null),
    send: (value, { api }) => {
      const body = new FormData();
      for (const [key, v] of Object.entries(value)) {
        if (typeof v === "boolean") body.set(key, v ? "1" : "0");
        else if (v !== null && v !== undefined) body.set(key, String(v));
      }
      for (const file of form.getAll("documents")) {
        if (typeof file !== "string" && file.size > 0) body.append("documents", file, file.name);
      }
      return reminderId ? updateReminder(api, reminderId, body) : createReminder(api, body);
    },
    success: () => ({ to: back, message: reminderId ? "Reminder updated." : "Reminder created." }),
  });
}
