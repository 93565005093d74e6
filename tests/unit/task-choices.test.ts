import { describe, expect, it } from "vitest";
import type { Api } from "#app/services/api.server";
import { taskChoiceFinders, taskFormChoices } from "#app/services/task-choices.server";

/** An API that answers every list with one row and records what it was asked for. */
function recordingApi() {
  const asked: string[] = [];
  const row = { id: 7, name: "Acme Ltd", postcode: null, full_name: "Jo Bloggs", email: "jo@example.com", last_name: "Bloggs" };
  const api = {
    get: async (path: string) => {
      asked.push(path);
      return { data: [row], meta: { current_page: 1, last_page: 3 } };
    },
  } as unknown as Api;
  return { api, asked };
}

const subject = (permissions: string[]) => ({ permissions, edition: "flightdeck" as const, isParentTenant: true });

describe("the task form's choices", () => {
  it("offer the clients the user may read, and say when a list is longer than its first page", async () => {
    const { api } = recordingApi();
    const choices = await taskFormChoices(api, subject(["task_manage", "individual_view", "company_manage"]));
    expect(choices.individuals).toEqual({ options: [{ value: "7", label: "Jo Bloggs (jo@example.com)" }], more: true });
    expect(choices.companies).toEqual({ options: [{ value: "7", label: "Acme Ltd" }], more: true });
  });

  it("leave out a list the user may open the page of but not read (company_create alone): the API would refuse it", async () => {
    const { api, asked } = recordingApi();
    const choices = await taskFormChoices(api, subject(["task_manage", "company_create", "company_profile_view"]));
    expect(choices.companies).toBeNull();
    expect(choices.individuals).toBeNull();
    expect(asked.some((p) => p.startsWith("/compan") || p.startsWith("/individual"))).toBe(false);
    expect(Object.keys(taskChoiceFinders(api, subject(["task_manage", "company_create"])))).toEqual(["team_member_id"]);
  });
});
