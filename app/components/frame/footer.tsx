import type { Variant } from "#app/lib/variant";
import { productName } from "#app/lib/variant";

export function Footer({ edition, helpUrl, year }: { edition: Variant; helpUrl: string; year: number }) {
  const link = "text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline";
  return (
    <footer className="mt-auto flex flex-col gap-3 border-t border-slate-200 bg-white px-6 py-4 text-xs text-slate-500 sm:flex-row sm:items-center sm:justify-between">
      <p>
        © {year} {productName[edition]}. All rights reserved. Information in this portal is for the staff of our customer companies only.
      </p>
      <nav aria-label="Footer" className="flex flex-wrap items-center gap-4">
        <a className={link} href="https://www.linkedin.com/" target="_blank" rel="noopener noreferrer">
          LinkedIn
        </a>
        <a className={link} href="https://x.com/" target="_blank" rel="noopener noreferrer">
          X
        </a>
        <a className={link} href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer">
          Facebook
        </a>
        <a className={`${link} font-semibold`} href={helpUrl} target="_blank" rel="noopener noreferrer">
          Need help
        </a>
      </nav>
    </footer>
  );
}
