import { island, islandPart } from "#app/lib/island";
import { frameChromeOnServer } from "./chrome.server";

/**
 * The side menu, the header and the footer are an island (chrome.tsx): drawn by the server, hydrated once their
 * chunk has arrived, after the page's first-load JavaScript; until then their links and forms work as they do
 * without JavaScript. The pages before sign-in fetch the chunk once they have hydrated (`preloadFrameChrome`), so
 * the page that signing in navigates to is drawn with its frame, not without it until the chunk arrives.
 */
export const frameChrome = island(() => import("./chrome"), frameChromeOnServer);

export const Sidebar = islandPart(frameChrome, (m) => m.Sidebar);
export const Header = islandPart(frameChrome, (m) => m.Header);
export const Footer = islandPart(frameChrome, (m) => m.Footer);

/** Fetches the frame's chunk ahead of signing in (a failure is retried when the frame draws). */
export const preloadFrameChrome = () => void frameChrome.preload().catch(() => undefined);
