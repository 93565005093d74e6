/**
 * The frame's chrome — the side menu, the header (greeting, search, shortcuts, the bell, the account menu) and the
 * footer — as one island (app/lib/island.ts): the server draws it in full, the browser hydrates it once its chunk
 * has arrived, after the page's first-load JavaScript. Until then its links, the search form, the bell's link and
 * the account menu's disclosure work as they do without JavaScript.
 */
export { Footer } from "./footer";
export { Header } from "./header";
export { Sidebar } from "./sidebar";
