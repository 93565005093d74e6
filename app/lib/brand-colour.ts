/** "#0f4c81" → "15 76 129" (the form CSS colour variables take). */
export function hexToRgb(hex: string): string | undefined {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? m.slice(1).map((h) => parseInt(h, 16)).join(" ") : undefined;
}
