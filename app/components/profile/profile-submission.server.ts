/**
 * The Edit Profile form as conform's submission, parsed on the server. A module of its own so the browser never
 * loads it: an import of zod in the route module, even one only its action uses, keeps zod (about 90 KB gzip) in
 * the page's first-load JavaScript (the bundler still imports a shared chunk for an import it has dropped).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/** Server-side parsing only (no rules: the API checks every field and answers its errors per field). */
const profileFormSchema = z.object({
  name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  telephone: z.string().optional(),
  current_password: z.string().optional(),
  password: z.string().optional(),
  password_confirmation: z.string().optional(),
  pin: z.string().optional(),
  confirm_pin: z.string().optional(),
  remove_profile_photo: z.string().optional(),
  profile_photo: z.any().optional(),
});

export function parseProfileSubmission(form: FormData) {
  return parseWithZod(form, { schema: profileFormSchema });
}
