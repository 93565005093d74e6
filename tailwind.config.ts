import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: "rgb(var(--brand) / <alpha-value>)",
        "brand-ink": "rgb(var(--brand-ink) / <alpha-value>)",
      },
      width: { sidebar: "255px" },
      spacing: { sidebar: "255px" },
    },
  },
  plugins: [],
} satisfies Config;
