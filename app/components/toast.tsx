import { useEffect, useState } from "react";

export interface ToastData {
  kind: "success" | "error" | "info";
  message: string;
}

export const TOAST_MS = 6000;
export const TOAST_REMOVAL_MS = 200;

const tone = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
};

/** A flashed toast: shown for 6 s, then faded out over 200 ms. Without JavaScript it stays until the next page. */
export function ToastArea({ toast }: { toast: ToastData | null }) {
  const [phase, setPhase] = useState<"shown" | "leaving" | "gone">("shown");
  useEffect(() => {
    setPhase("shown");
    if (!toast) return;
    const leave = setTimeout(() => setPhase("leaving"), TOAST_MS);
    const gone = setTimeout(() => setPhase("gone"), TOAST_MS + TOAST_REMOVAL_MS);
    return () => {
      clearTimeout(leave);
      clearTimeout(gone);
    };
  }, [toast]);
  if (!toast || phase === "gone") return null;
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-[60] flex max-w-sm flex-col gap-2">
      <div
        role={toast.kind === "error" ? "alert" : "status"}
        className={`pointer-events-auto rounded-md border-l-4 px-4 py-3 text-sm shadow-lg transition-opacity duration-200 ${tone[toast.kind]} ${phase === "leaving" ? "opacity-0" : "opacity-100"}`}
      >
        {toast.message}
      </div>
    </div>
  );
}
