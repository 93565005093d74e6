import type { Config } from "tailwindcss";
import defaultTheme from "tailwindcss/defaultTheme";

/**
 * The kit's design tokens (docs/decisions/030-design-system.md). Colours that change with the edition or the
 * tenant are CSS variables set in app/tailwind.css (`html[data-variant=…]`) and, for the accent, by the frame's
 * inline style (the company's main colour); everything else is a fixed scale.
 */
const channel = (name: string) => `rgb(var(--${name}) / <alpha-value>)`;

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        // The brand typeface ships with the app (app/tailwind.css @font-face); the rest is the fallback while it loads.
        sans: ['"Inter Variable"', '"Inter Fallback"', ...defaultTheme.fontFamily.sans],
      },
      // A compact type scale for screens read all day: 13 px body in dense places, 14 px by default.
      fontSize: {
        "2xs": ["0.6875rem", { lineHeight: "1rem" }],
        xs: ["0.75rem", { lineHeight: "1rem" }],
        sm: ["0.8125rem", { lineHeight: "1.25rem" }],
        base: ["0.875rem", { lineHeight: "1.375rem" }],
        lg: ["1rem", { lineHeight: "1.5rem", letterSpacing: "-0.006em" }],
        xl: ["1.125rem", { lineHeight: "1.625rem", letterSpacing: "-0.011em" }],
        "2xl": ["1.375rem", { lineHeight: "1.875rem", letterSpacing: "-0.017em" }],
        "3xl": ["1.75rem", { lineHeight: "2.25rem", letterSpacing: "-0.021em" }],
      },
      colors: {
        // The accent: the edition's colour, or the tenant's main colour (brandStyle in app/lib/variant.ts).
        brand: channel("brand"),
        "brand-ink": channel("brand-ink"),
        // Edition surfaces: the page behind the cards, the lines between things, the side menu.
        canvas: channel("canvas"),
        line: channel("line"),
        sidebar: { DEFAULT: channel("sidebar-bg"), ink: channel("sidebar-ink"), active: channel("sidebar-active") },
      },
      width: { sidebar: "255px" },
      spacing: { sidebar: "255px", control: "2.25rem", "control-sm": "2rem" },
      height: { control: "2.25rem", "control-sm": "2rem" },
      borderRadius: {
        sm: "0.25rem",
        DEFAULT: "0.375rem",
        md: "0.5rem",
        lg: "0.625rem",
        xl: "0.875rem",
      },
      boxShadow: {
        xs: "0 1px 2px 0 rgb(15 23 42 / 0.05)",
        sm: "0 1px 2px 0 rgb(15 23 42 / 0.06), 0 1px 3px 0 rgb(15 23 42 / 0.04)",
        card: "0 1px 2px 0 rgb(15 23 42 / 0.04), 0 0 0 1px rgb(15 23 42 / 0.02)",
        popover: "0 10px 30px -8px rgb(15 23 42 / 0.18), 0 2px 6px -2px rgb(15 23 42 / 0.08)",
        focus: "0 0 0 1px rgb(var(--brand)), 0 0 0 4px rgb(var(--brand) / 0.2)",
        "focus-danger": "0 0 0 1px rgb(220 38 38), 0 0 0 4px rgb(220 38 38 / 0.18)",
      },
    },
  },
  plugins: [],
} satisfies Config;
