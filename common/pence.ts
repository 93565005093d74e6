/** Pence as pounds, exactly: 123456 → "£1,234.56", -5 → "-£0.05". (Re-exported by money.ts, with the money rules.) */
export function formatPence(pence: number): string {
  const negative = pence < 0;
  const digits = String(Math.abs(Math.trunc(pence))).padStart(3, "0");
  const pounds = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}£${pounds}.${digits.slice(-2)}`;
}
