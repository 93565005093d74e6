import { useEffect, useRef } from "react";

/**
 * The text box of a search that loads a page: it shows the page's search (`current`) each time `changed`
 * changes (by default the search itself: a chip removed, back, a search from elsewhere), but never takes
 * back what is being typed — on a slow connection one types on while the page loads. Typing counts while the
 * box has the focus and holds something other than what it last showed or sent; `sent` is called as its form
 * is sent.
 */
export function useSearchText(current: string, changed: unknown = current) {
  const box = useRef<HTMLInputElement>(null);
  const last = useRef(current);
  const seen = useRef(changed);
  useEffect(() => {
    const input = box.current;
    if (!input || seen.current === changed) return;
    seen.current = changed;
    if (document.activeElement === input && input.value !== last.current) return;
    input.value = current;
    last.current = current;
  }, [changed, current]);
  const sent = () => {
    if (box.current) last.current = box.current.value;
  };
  return { box, sent };
}
