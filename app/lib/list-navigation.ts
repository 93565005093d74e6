/** What the router says of a navigation under way (Remix's `useNavigation()`), as far as the page needs it. */
export interface NavigationLike {
  state: "idle" | "loading" | "submitting";
  formMethod?: string;
  location?: { pathname: string };
}

/**
 * Whether a navigation under way stays on the list at `pathname`: a link or a GET form (its search, its filters) to
 * the list's own address with another query — a sort, a page, a search, a filter. The list shows placeholder rows
 * for it; anything else (another page, a form that changes something) is the frame's loader overlay's.
 */
export const isListChange = (navigation: NavigationLike, pathname: string): boolean =>
  navigation.state !== "idle" && navigation.location?.pathname === pathname && (navigation.formMethod ?? "GET").toUpperCase() === "GET";
