/** The declaration months of a bordereau, January first (a month's number is its place plus one). */
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The page's own address: every step is a page of it (`?upload=<id>`). */
export const BDX_IMPORT_PATH = "/bdx-import";
