import { describe, expect, test, beforeAll } from "vitest";
import { docxText, makeDocx } from "#api/modules/document-templates/docx";
import { NOJS, USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/**
 * Document templates without JavaScript: the list and its name search, add in the drawer (a text template with an
 * unknown placeholder refused under its field; a DOCX uploaded), "use on …" a task with the document's download,
 * delete with confirmation.
 */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const admin = () => NojsBrowser.as("admin");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

describe("Document templates", () => {
  test("add a text template: an unknown placeholder is refused under the field; saved, it is listed", async () => {
    const token = uniqueToken();
    const list = await admin().goto(`/document-templates?search=${token}`);
    expect(list.h1).toBe("Document templates");
    const add = await list.click("ADD DOCUMENT TEMPLATE");
    expect(add.text("[data-drawer]")).toContain("Add document template");
    const refused = await add.form().fill("name", `Nojs Text ${token}`).fill("body", "Dear {client.full_name}, about {pet.name}").submit("Save");
    expect(refused.fieldError("body", refused.drawer()!)).toBe("The template uses placeholders that are not data points: {pet.name}.");
    expect(refused.form().value("name")).toBe(`Nojs Text ${token}`);
    const saved = await refused.form().fill("body", "Dear {client.full_name}, about {task.name}").submit("Save");
    expect(saved.toasts()).toContain("Document template created.");
    expect(saved.column()).toEqual([`Nojs Text ${token}`]);
    expect(saved.rowsWith(`Nojs Text ${token}`)[0].text).toContain("{client.full_name}, {task.name}");
  });

  test("upload a DOCX, use it on a task, and download the filled document", async () => {
    const token = uniqueToken();
    const add = await (await admin().goto(`/document-templates?search=${token}`)).click("ADD DOCUMENT TEMPLATE");
    const notWord = await add
      .form()
      .fill("name", `Nojs Word ${token}`)
      .attach("file", { name: "letter.docx", type: DOCX, content: Buffer.from("not a word document") })
      .submit("Save");
    expect(notWord.text("[data-drawer]")).toContain("The file is not a Word document (DOCX).");
    const saved = await notWord
      .form()
      .fill("name", `Nojs Word ${token}`)
      .attach("file", { name: "letter.docx", type: DOCX, content: makeDocx(["Task {task.name} is at {task.stage}."]) })
      .submit("Save");
    expect(saved.toasts()).toContain("Document template created.");
    expect(saved.rowsWith(`Nojs Word ${token}`)[0].text).toContain("Word document (letter.docx)");

    const pipelines = await api.call<{ data: { id: number; stages?: { id: number; name: string }[] }[] }>("GET", "/pipelines?include=stages&filter[status]=1");
    const p = pipelines.data[0];
    const task = (
      await api.call<{ data: { id: number } }>("POST", "/task", { name: `Nojs doc task ${token}`, pipeline_id: p.id, pipeline_stage_id: p.stages![0].id }, 201)
    ).data;
    const use = await saved.click(`Use Nojs Word ${token}`);
    expect(use.text("[data-drawer]")).toContain(`Use "Nojs Word ${token}"`);
    const made = await use.form({ button: "Make the document" }).select("record", `task:${task.id}`).submit("Make the document");
    expect(made.text("[role=status]")).toContain("Document created.");
    const href = made.link(/^Download /).getAttribute("href")!;
    // The portal's download link answers the DOCX as an attachment.
    const file = await admin().raw("GET", new URL(href, NOJS.flightdeck));
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe(DOCX);
    expect(file.headers["content-disposition"]).toContain(".docx");
    // Stored with the task; opened, it reads the task's own values.
    const stored = await api.call<{ data: { id: number }[] }>("GET", `/document-templates/documents?record_type=task&record_id=${task.id}`);
    expect(stored.data).toHaveLength(1);
    expect(docxText(await download(api.token, stored.data[0].id))).toBe(`Task Nojs doc task ${token} is at ${p.stages![0].name}.`);
  });

  test("Delete asks first; Remove deletes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Del ${token}`;
    await api.call("POST", "/document-templates", { name, body: "Hello" }, 201);
    const list = await admin().goto(`/document-templates?search=${token}`);
    const ask = await list.click(`Delete ${name}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this document template?");
    const done = await ask.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Document template deleted.");
    expect(done.text()).toContain("No document templates found");
  });
});

async function download(token: string, id: number): Promise<Buffer> {
  const res = await fetch(`${NOJS.api}/document-templates/documents/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return Buffer.from(await res.arrayBuffer());
}
