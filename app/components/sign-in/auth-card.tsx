import { useEffect, type ReactNode } from "react";
import { brandStyle, productName, type Variant } from "#app/lib/variant";
import { preloadFrameChrome } from "../frame/chrome-island";

export interface AuthBranding {
  uuid: string;
  name: string;
  full_logo: string | null;
  main_color: string | null;
}

/**
 * The card of the pages before sign-in (sign-in, forgot password, new password): the company's logo on a company's
 * sign-in page, otherwise the edition's (drawn for the dark menu colour, so it sits on a band of that colour).
 * Once hydrated it fetches the frame's chunk, which the page after signing in is drawn with.
 */
export function AuthCard({ variant, branding, title, children }: { variant: Variant; branding: AuthBranding | null; title: string; children: ReactNode }) {
  useEffect(preloadFrameChrome, []);
  return (
    <main className="flex min-h-[calc(100vh-2rem)] items-center justify-center px-4 py-12" style={brandStyle(branding?.main_color)}>
      <div className="w-full max-w-md overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-slate-200">
        {branding?.full_logo ? (
          <div className="flex justify-center border-b border-slate-100 px-8 pb-4 pt-8">
            <img src={branding.full_logo} alt={branding.name} className="h-12 w-auto" />
          </div>
        ) : (
          <div className="sidebar flex justify-center px-8 py-5">
            <img src={`/brand/${variant}.svg`} alt={productName[variant]} height={40} className="h-10 w-auto" />
          </div>
        )}
        <div className="p-8 pt-6">
          <h1 className="mb-6 text-center text-xl font-semibold">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
