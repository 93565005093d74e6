import { describe, expect, it } from "vitest";
import { coversNavigation } from "#app/components/frame/loader-overlay";

describe("the frame's loader overlay covers", () => {
  const on = "/tasks";
  it("nothing when no navigation is under way", () => {
    expect(coversNavigation({ state: "idle" }, on)).toBe(false);
  });

  it("a move to another page, by a link or a GET form", () => {
    expect(coversNavigation({ state: "loading", location: { pathname: "/tasks/12" } }, on)).toBe(true);
    expect(coversNavigation({ state: "loading", formMethod: "GET", location: { pathname: "/search" } }, on)).toBe(true);
  });

  it("a form that changes something, while it is sent and while the page is loaded again after it", () => {
    expect(coversNavigation({ state: "submitting", formMethod: "POST", location: { pathname: on } }, on)).toBe(true);
    expect(coversNavigation({ state: "loading", formMethod: "post", location: { pathname: on } }, on)).toBe(true);
  });

  it("not a list's own sort, page, search or filter change (the list shows placeholder rows)", () => {
    expect(coversNavigation({ state: "loading", location: { pathname: on } }, on)).toBe(false);
    expect(coversNavigation({ state: "loading", formMethod: "GET", location: { pathname: on } }, on)).toBe(false);
  });
});
