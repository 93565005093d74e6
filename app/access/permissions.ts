import type { Permission } from "#contract/permissions";

/** Whoever holds permissions: the signed-in user's guard subject. */
export interface PermissionHolder {
  permissions: readonly string[];
}

/**
 * The portal's one permission check: true when `who` holds any one of `asked` (the spec's any-of rule). The
 * names are the contract's `Permission`, so a misspelt one does not compile.
 */
export function can(who: PermissionHolder, ...asked: readonly Permission[]): boolean {
  return asked.some((p) => who.permissions.includes(p));
}

/** The message of a refused screen or form (the loader's redirect toast; the 403 page says the same). */
export const REFUSED_MESSAGE = "You do not have permission to do that.";
