import { describe, expect, it } from "vitest";
import type { Api } from "#app/services/api.server";
import { teamCandidateChoices, teamCandidateFinder } from "#app/services/teams.server";
import { applyChoiceFinds } from "#app/services/choice-find.server";

/** An API that answers the colleagues' list with the given people (a page of them) and records each query. */
function colleaguesApi(people: { id: number; full_name: string; email: string }[], lastPage = 1) {
  const asked: { path: string; query: Record<string, unknown> }[] = [];
  const api = {
    get: async (path: string, { query }: { query: Record<string, unknown> }) => {
      asked.push({ path, query });
      return { data: people, meta: { current_page: 1, last_page: lastPage } };
    },
  } as unknown as Api;
  return { api, asked };
}

describe("adding a colleague to a team", () => {
  it("offers the first 100 colleagues not yet in the team, and says when there are more", async () => {
    const { api, asked } = colleaguesApi([{ id: 4, full_name: "Priya Patel", email: "priya@harbour.test" }], 2);
    const choices = await teamCandidateChoices(api, "12", true);
    expect(choices).toEqual({ options: [{ value: "4", label: "Priya Patel (priya@harbour.test)" }], more: true });
    expect(asked[0].path).toBe("/users/team");
    expect(asked[0].query).toMatchObject({ "page[size]": 100, "filter[not_in_team]": "12" });
  });

  it("asks for nobody when the user may not manage teams (the form is not shown)", async () => {
    const { api, asked } = colleaguesApi([{ id: 4, full_name: "Priya Patel", email: "priya@harbour.test" }]);
    expect(await teamCandidateChoices(api, "12", false)).toEqual({ options: [], more: false });
    expect(asked).toEqual([]);
  });

  it("without JavaScript, takes the one colleague outside the team that the typed name finds", async () => {
    const { api, asked } = colleaguesApi([{ id: 4, full_name: "Priya Patel", email: "priya@harbour.test" }]);
    const form = new FormData();
    form.set("intent", "add");
    form.set("user_id", "");
    form.set("user_id_find", "  priya ");
    const found = await applyChoiceFinds(form, { user_id: teamCandidateFinder(api, "12") });
    expect(found.errors).toEqual({});
    expect(form.get("user_id")).toBe("4");
    expect(asked[0].query).toMatchObject({ "filter[search]": "priya", "filter[not_in_team]": "12" });
  });

  it("without JavaScript, says when the typed name finds nobody outside the team", async () => {
    const { api } = colleaguesApi([]);
    const form = new FormData();
    form.set("user_id_find", "Nobody");
    const found = await applyChoiceFinds(form, { user_id: teamCandidateFinder(api, "12") });
    expect(found.errors).toEqual({ user_id: ["No results found for “Nobody”."] });
    expect(form.get("user_id")).toBeNull();
  });
});
