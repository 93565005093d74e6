import { useEffect, useRef, useState, type ChangeEvent } from "react";

/**
 * A select the page draws itself (uncontrolled: give it `ref`, `onChange` and a `defaultValue`) and the value it
 * shows, as state. It starts from `initial` and, once the page's script runs, takes what the select shows: a choice
 * made before hydration (on a slow connection) is kept, not reset. `setShown` starts it again from a new value.
 */
export function useSelectShown(initial: string) {
  const ref = useRef<HTMLSelectElement>(null);
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    if (ref.current) setShown(ref.current.value);
  }, []);
  return { ref, shown, setShown, onChange: (e: ChangeEvent<HTMLSelectElement>) => setShown(e.currentTarget.value) };
}
