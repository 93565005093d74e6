import { useEffect, useRef } from "react";

/**
 * The text box of a search that reloads the page: it shows the page's search as it changes by other means
 * (a chip removed, back, a search from the header) but never takes back what was typed since the last
 * search was sent — on a slow connection one types on while the page loads. `sent` is called as the box's
 * form is sent.
 */
export function useSearchText(current: string) {
  const box = useRef<HTMLInputElement>(null);
  const last = useRef<string | null>(null);
  useEffect(() => {
    const input = box.current;
    if (!input) return;
    const typedSince = document.activeElement === input && last.current !== null && input.value !== last.current;
    if (!typedSince) input.value = current;
  }, [current]);
  const sent = () => {
    if (box.current) last.current = box.current.value;
  };
  return { box, sent };
}
