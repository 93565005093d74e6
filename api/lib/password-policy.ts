import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "#contract/auth";

const common = new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));

export const PASSWORD_TOO_COMMON = "This password is too common. Choose one that is harder to guess.";

/**
 * The rules for a new password (OWASP ASVS 2.1): at least 12 characters, at most 200, not one of the
 * ~50,000 most common passwords, and not the user's own e-mail address. Answers the problem, or null.
 */
export function newPasswordProblem(password: string, user: { email?: string | null } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > 200) return "Use at most 200 characters.";
  const lower = password.toLowerCase();
  if (common.has(lower)) return PASSWORD_TOO_COMMON;
  if (user.email && (lower === user.email.toLowerCase() || lower === user.email.toLowerCase().split("@")[0]))
    return "Do not use your e-mail address as your password.";
  return null;
}
