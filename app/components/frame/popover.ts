/**
 * A header popover's box on a phone (the bell's, the account menu): it spans the screen below the header instead
 * of hanging off its button's right edge, past the left of the screen.
 */
export const PHONE_POPOVER = "max-sm:fixed max-sm:inset-x-2 max-sm:w-auto max-sm:max-w-none";
