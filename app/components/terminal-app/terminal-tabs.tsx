import { NavLink } from "@remix-run/react";

const TABS = [
  { to: "/terminal-app", label: "Locations", end: true },
  { to: "/terminal-app/keys", label: "Reader keys", end: false },
  { to: "/terminal-app/readers", label: "Readers", end: false },
  { to: "/terminal-app/pay", label: "Take a payment", end: false },
] as const;

/** The terminal app's sections: plain links, so they work without JavaScript. */
export function TerminalTabs() {
  return (
    <nav aria-label="Terminal app" className="mb-4 flex flex-wrap gap-2 border-b border-slate-200">
      {TABS.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end={t.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? "border-blue-600 text-blue-700" : "border-transparent text-slate-600 hover:text-slate-900"}`
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
