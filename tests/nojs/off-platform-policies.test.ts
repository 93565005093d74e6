import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/** Off-platform policies without JavaScript: the list, the stepped form (each stage checked by the API), the policy's page, delete with confirmation. */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const admin = () => NojsBrowser.as("admin");
const createPolicy = (token: string, over: Record<string, unknown> = {}) =>
  api.call<{ data: { id: number } }>(
    "POST",
    "/off-platform-policy",
    {
      policy_number: `NJ-${token}`,
      product_name: "Shop insurance",
      insurer: "Aviva",
      state: "BOUND",
      client_type: "company",
      client_name: `Nojs Client ${token}`,
      inception_date: "2026-01-01",
      renewal_date: "2027-01-01",
      premium_pence: 120000,
      ipt_rate: 12,
      ...over,
    },
    201,
  );

describe("Off-platform policies", () => {
  test("the list searches and sorts by its URL and links each policy to its page", async () => {
    const token = uniqueToken();
    await createPolicy(`B${token}`, { client_name: `Nojs Zed ${token}`, renewal_date: "2027-01-01" });
    await createPolicy(`A${token}`, { client_name: `Nojs Amy ${token}`, renewal_date: "2027-06-01" });
    const list = await admin().goto(`/off-platform-policies?search=${token}`);
    expect(list.h1).toBe("Off-platform policies");
    expect(list.column()).toEqual([`NJ-B${token}`, `NJ-A${token}`]);
    const th = list.$$("th").find((t) => t.text.trim().startsWith("Client"));
    const sorted = await list.click({ css: "a" }, th);
    expect(sorted.param("search")).toBe(token);
    expect(sorted.column()).toEqual([`NJ-A${token}`, `NJ-B${token}`]);
    const page = await sorted.click(`NJ-A${token}`);
    expect(page.h1).toBe(`Off-platform policy NJ-A${token}`);
    expect(page.text()).toContain("£1,200.00");
  });

  test("the stepped form: each step checked before the next, what was typed kept across steps, Back and Next, saved at the end", async () => {
    const token = uniqueToken();
    const list = await admin().goto("/off-platform-policies");
    const step1 = await list.click("ADD OFF-PLATFORM POLICY");
    expect(step1.path).toBe("/off-platform-policies/new");
    expect(step1.text("[aria-current=step]")).toContain("Step 1 of 3: Policy");

    // Step 1 refused by the API: the errors under the fields, what was typed kept, still step 1.
    const refused = await step1.form().fill("Policy number", " ").fill("Product name", `Fleet ${token}`).submit("Next");
    expect(refused.fieldError("Policy number")).toBe("Enter the policy number.");
    expect(refused.fieldError("Insurer")).toBe("Enter the insurer.");
    expect(refused.form().value("Product name")).toBe(`Fleet ${token}`);
    expect(refused.text("[aria-current=step]")).toContain("Step 1 of 3");

    const step2 = await refused.form().fill("Policy number", `NJS-${token}`).fill("Insurer", "Zurich").select("Status", "QUOTE").submit("Next");
    expect(step2.text("[aria-current=step]")).toContain("Step 2 of 3: Client");
    const step2bad = await step2.form().fill("Client name", "").fill("Client e-mail", "nope").submit("Next");
    expect(step2bad.fieldError("Client name")).toBe("Enter the client's name.");
    expect(step2bad.fieldError("Client e-mail")).toBe("Enter a valid e-mail address.");

    // Back keeps step 2's typing and shows step 1 as it was.
    const back = await step2bad.form().fill("Client name", `Nojs Person ${token}`).fill("Client e-mail", "").select("Client type", "individual").submit("Back");
    expect(back.text("[aria-current=step]")).toContain("Step 1 of 3");
    expect(back.form().value("Policy number")).toBe(`NJS-${token}`);
    expect(back.form().value("Status")).toBe("QUOTE");
    const again = await back.form().submit("Next");
    expect(again.form().value("Client name")).toBe(`Nojs Person ${token}`);
    expect(again.form().value("Client type")).toBe("individual");

    const step3 = await again.form().submit("Next");
    expect(step3.text("[aria-current=step]")).toContain("Step 3 of 3: Cover and premium");
    const coverBad = await step3.form().fill("Inception date", "2026-03-01").fill("Renewal date", "2026-02-01").fill("Premium (£)", "12.345").submit("Save");
    expect(coverBad.fieldError("Renewal date")).toBe("The renewal date must be after the inception date.");
    expect(coverBad.fieldError("Premium (£)")).toBe("Enter the premium in pounds, like 1250 or 1,250.50.");
    const saved = await coverBad.form().fill("Renewal date", "2027-03-01").fill("Premium (£)", "1,250.50").select("IPT rate", "20").submit("Save");
    expect(saved.toasts()).toContain("Off-platform policy created.");
    expect(saved.h1).toBe(`Off-platform policy NJS-${token}`);
    expect(saved.text()).toContain(`Fleet ${token}`);
    expect(saved.text()).toContain(`Nojs Person ${token} (Individual)`);
    expect(saved.text()).toContain("£1,250.50");
    expect(saved.text()).toContain("£250.10"); // IPT at 20%

    // Edit: the same steps, starting from what is saved; the number may stay the policy's own.
    const edit = await saved.click("Edit");
    expect(edit.form().value("Policy number")).toBe(`NJS-${token}`);
    const e2 = await edit.form().fill("Insurer", "Hiscox").submit("Next");
    const e3 = await e2.form().submit("Next");
    expect(e3.form().value("Premium (£)")).toBe("1250.50");
    const updated = await e3.form().submit("Save");
    expect(updated.toasts()).toContain("Off-platform policy updated.");
    expect(updated.text()).toContain("Hiscox");
  });

  test("a policy number the company uses already is refused on step 1", async () => {
    const token = uniqueToken();
    await createPolicy(`D${token}`);
    const step1 = await admin().goto("/off-platform-policies/new");
    const refused = await step1.form().fill("Policy number", `nj-d${token}`).fill("Product name", "X").fill("Insurer", "Y").submit("Next");
    expect(refused.fieldError("Policy number")).toBe("An off-platform policy with this policy number exists already.");
  });

  test("Delete asks first; Cancel keeps the policy, Remove deletes it", async () => {
    const token = uniqueToken();
    await createPolicy(`X${token}`);
    const number = `NJ-X${token}`;
    const list = await admin().goto(`/off-platform-policies?search=${token}`);
    const ask = await list.click(`Delete ${number}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this off-platform policy?");
    const cancelled = await ask.click("Cancel", ask.confirmation()!);
    expect(cancelled.rowsWith(number)).toHaveLength(1);
    const again = await cancelled.click(`Delete ${number}`);
    const done = await again.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Off-platform policy deleted.");
    expect(done.text()).toContain("No off-platform policies found");
  });
});
