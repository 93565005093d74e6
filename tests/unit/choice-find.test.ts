import { describe, expect, it } from "vitest";
import { findFieldName, pickFound } from "#app/lib/choice-find";
import { applyChoiceFinds } from "#app/services/choice-find.server";

const jo = { value: "1", label: "Jo Bloggs (jo@example.com)" };
const joanna = { value: "2", label: "Joanna Bloggs (joanna@example.com)" };
const acme = { value: "3", label: "Acme Ltd (AB1 2CD)" };

describe("a name typed beside a dropdown without JavaScript", () => {
  it("has its own field beside the dropdown's", () => {
    expect(findFieldName("source_individual_id")).toBe("source_individual_id_find");
  });

  it("picks the only match", () => {
    expect(pickFound("joan", [joanna])).toEqual({ value: "2" });
  });

  it("says when nothing matches", () => {
    expect(pickFound("  zed ", [])).toEqual({ error: "No results found for “zed”." });
    expect(pickFound("zed", [{ ...jo, disabled: true }])).toEqual({ error: "No results found for “zed”." });
  });

  it("picks the one that is exactly the text among several: the name, the e-mail or the whole label, in any case", () => {
    expect(pickFound("jo bloggs", [jo, joanna])).toEqual({ value: "1" });
    expect(pickFound("JOANNA@example.com", [jo, joanna])).toEqual({ value: "2" });
    expect(pickFound("Acme Ltd", [acme, { value: "4", label: "Acme Ltd Holdings" }])).toEqual({ value: "3" });
    expect(pickFound("Acme Ltd (AB1 2CD)", [acme, { value: "4", label: "Acme Ltd Holdings" }])).toEqual({ value: "3" });
  });

  it("offers the matches when several fit and none is exactly the text", () => {
    expect(pickFound("bloggs", [jo, joanna])).toEqual({ error: "2 match “bloggs”: choose one from the list.", narrowed: [jo, joanna] });
  });

  it("says there are more when the search had more than a page, even for a single exact match's neighbours", () => {
    expect(pickFound("b", [jo, joanna], true)).toEqual({
      error: "More than 2 match “b”: choose one from the list, or type more of the name.",
      narrowed: [jo, joanna],
    });
    expect(pickFound("jo bloggs", [jo, joanna], true)).toEqual({ value: "1" });
  });
});

describe("the find fields of a posted form", () => {
  const colleagues = [jo, joanna];
  const finder = async (search: string) => {
    const options = colleagues.filter((o) => o.label.toLowerCase().includes(search.toLowerCase()));
    return { options, hasMore: false };
  };

  it("set the field to the choice found and leave the find field out; a blank find field changes nothing", async () => {
    const form = new FormData();
    form.set("owner_user_id", "");
    form.set("owner_user_id_find", "joanna@");
    form.set("company_id", "7");
    form.set("company_id_find", "  ");
    const found = await applyChoiceFinds(form, { owner_user_id: finder, company_id: finder });
    expect(found).toEqual({ errors: {}, narrowed: {}, chosen: { owner_user_id: joanna } });
    expect(form.get("owner_user_id")).toBe("2");
    expect(form.has("owner_user_id_find")).toBe(false);
    expect(form.get("company_id")).toBe("7");
  });

  it("search with what was typed less its control characters (U+0000 would be refused by the API), and leave a field of them alone", async () => {
    const asked: string[] = [];
    const recording = async (search: string) => {
      asked.push(search);
      return finder(search);
    };
    const form = new FormData();
    form.set("owner_user_id_find", "joanna\u0000@\t");
    form.set("company_id", "7");
    form.set("company_id_find", "\u0000\n");
    const found = await applyChoiceFinds(form, { owner_user_id: recording, company_id: recording });
    expect(asked).toEqual(["joanna @"]);
    expect(found.errors).toEqual({ owner_user_id: ["No results found for “joanna @”."] });
    expect(form.get("company_id")).toBe("7");
  });

  it("report nothing found and several found under the field, with the matches to choose from", async () => {
    const form = new FormData();
    form.set("owner_user_id", "1");
    form.set("owner_user_id_find", "bloggs");
    form.set("team_member_id_find", "nobody");
    const found = await applyChoiceFinds(form, { owner_user_id: finder, team_member_id: finder });
    expect(found.errors).toEqual({ owner_user_id: ["2 match “bloggs”: choose one from the list."], team_member_id: ["No results found for “nobody”."] });
    expect(found.narrowed).toEqual({ owner_user_id: colleagues });
    expect(form.get("owner_user_id")).toBe("1");
  });

  it("ignore the find field of a field it has no search for", async () => {
    const form = new FormData();
    form.set("secret_id_find", "x");
    expect(await applyChoiceFinds(form, {})).toEqual({ errors: {}, narrowed: {}, chosen: {} });
  });
});
