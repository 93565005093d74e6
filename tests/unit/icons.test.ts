import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MENU_ICONS, menuIcon } from "#app/access/menu-icons";
import { menus, type MenuLink } from "#app/access/menus";
import { ICON_NAMES } from "#app/components/ui/icon-names";
// eslint-disable-next-line no-restricted-imports -- scripts/ is outside the aliased roots
import { iconCssUrl } from "../../scripts/build-icons";

const SPRITE_PATH = "app/components/ui/icons.svg";

const links = (edition: keyof typeof menus): MenuLink[] => [
  ...menus[edition].top,
  ...menus[edition].items.flatMap((i) => (i.kind === "group" ? i.children : i.kind === "link" ? [i] : [])),
];

describe("the icon sprite", () => {
  it("is the one scripts/build-icons.ts makes of ICON_NAMES (run `npm run icons` after changing the names)", () => {
    const check = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-icons.ts", "--check"], { encoding: "utf8" });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("holds each name once, as a symbol of the 24-unit grid", () => {
    const sprite = readFileSync(SPRITE_PATH, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("icons drawn by the stylesheet", () => {
  it("the date field's calendar, the time field's clock and the search box's clear button are Lucide's (iconCssUrl)", () => {
    const css = readFileSync("app/tailwind.css", "utf8");
    for (const name of ["calendar", "clock", "x"]) expect(css, name).toContain(iconCssUrl(name, "#64748b"));
  });
});

describe("side-menu icons", () => {
  it.each(["flightdeck", "smallbusiness"] as const)("every %s entry has an icon of the set", (edition) => {
    for (const link of links(edition)) {
      expect(link.label === "Home" || link.label === "Opportunities" || link.to in MENU_ICONS, `${link.label} (${link.to})`).toBe(true);
      expect(ICON_NAMES).toContain(menuIcon(link));
    }
  });

  it("names no icon for an address no menu holds", () => {
    const addresses = new Set([...links("flightdeck"), ...links("smallbusiness")].map((l) => l.to));
    expect(Object.keys(MENU_ICONS).filter((to) => !addresses.has(to))).toEqual([]);
  });
});
