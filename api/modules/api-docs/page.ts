import type { OpenApiDocument, OpenApiOperation } from "#api/http/openapi";

/**
 * The OpenAPI document as one self-contained HTML page: the operations grouped by area, each a <details> with its
 * access, parameters, request body and answers. No script, no stylesheet or font from elsewhere.
 */
export function docsPage(document: OpenApiDocument): string {
  const byArea = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const area = op.tags[0] ?? "API";
      if (!byArea.has(area)) byArea.set(area, []);
      byArea.get(area)!.push({ method: method.toUpperCase(), path, op });
    }
  }
  const areas = [...byArea.keys()].sort((a, b) => a.localeCompare(b));
  const count = [...byArea.values()].reduce((n, ops) => n + ops.length, 0);
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(document.info.title)} ${esc(document.info.version)}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 68rem; padding: 1rem 1.5rem 4rem; color: #1d2330; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #d6dae3; padding-bottom: .25rem; }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: #f4f6fa; padding: .75rem; overflow: auto; max-height: 28rem; border-radius: 4px; }
details { border: 1px solid #d6dae3; border-radius: 4px; margin: .4rem 0; padding: .3rem .6rem; }
details[open] { background: #fcfdff; }
summary { cursor: pointer; }
.method { display: inline-block; min-width: 4.2rem; font-weight: 600; }
.GET { color: #0b6b3a; } .POST { color: #1d4fb8; } .PUT, .PATCH { color: #8a5300; } .DELETE { color: #b3261e; }
.access { color: #5a6272; font-size: 13px; margin-left: .5rem; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid #e6e9ef; }
nav ul { columns: 3 14rem; padding-left: 1.2rem; }
</style>
</head>
<body>
<h1>${esc(document.info.title)} <small>${esc(document.info.version)}</small></h1>
<p>${esc(document.info.description)}</p>
<p>${count} operations in ${areas.length} areas. The document itself: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${esc(document.openapi)}).</p>
<nav><ul>${areas.map((a) => `<li><a href="#${anchor(a)}">${esc(a)}</a> (${byArea.get(a)!.length})</li>`).join("")}</ul></nav>
${areas
  .map(
    (area) => `<section id="${anchor(area)}">
<h2>${esc(area)}</h2>
${byArea
  .get(area)!
  .map(({ method, path, op }) => operationHtml(method, path, op))
  .join("\n")}
</section>`,
  )
  .join("\n")}
<section id="components">
<h2>Shared schemas and answers</h2>
${Object.entries({ ...document.components.schemas, ...document.components.responses })
  .map(([name, schema]) => `<details><summary><code>${esc(name)}</code></summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`)
  .join("\n")}
</section>
</body>
</html>
`;
}

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const access = op["x-permissions"] === undefined ? "public" : op["x-permissions"].length ? op["x-permissions"].join(" or ") : "any signed-in user";
  const parameters = op.parameters ?? [];
  const body = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
  return `<details id="${esc(op.operationId)}">
<summary><span class="method ${esc(method)}">${esc(method)}</span> <code>${esc(path)}</code> — ${esc(op.summary)}<span class="access">${esc(access)}</span></summary>
<p>${esc(op.description ?? "")}</p>
${
  parameters.length
    ? `<h3>Parameters</h3>
<table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>
${parameters
  .map(
    (p) =>
      `<tr><td><code>${esc(String(p.name))}</code></td><td>${esc(String(p.in))}</td><td>${p.required ? "yes" : "no"}</td><td><code>${esc(JSON.stringify(p.schema))}</code>${p.description ? `<br>${esc(String(p.description))}` : ""}</td></tr>`,
  )
  .join("\n")}
</tbody></table>`
    : ""
}
${
  body
    ? Object.entries(body)
        .map(([type, { schema }]) => `<h3>Request body (${esc(type)})</h3><pre>${esc(JSON.stringify(schema, null, 2))}</pre>`)
        .join("")
    : ""
}
<h3>Answers</h3>
${Object.entries(op.responses)
  .map(([status, response]) => {
    const ref = (response as { $ref?: string }).$ref;
    const content = (response as { content?: Record<string, { schema: unknown }> }).content;
    const text = ref ? `see <code>${esc(ref.split("/").pop()!)}</code> below` : esc(String((response as { description?: string }).description ?? ""));
    return `<p><strong>${esc(status)}</strong> ${text}</p>${
      content
        ? Object.values(content)
            .map(({ schema }) => `<pre>${esc(JSON.stringify(schema, null, 2))}</pre>`)
            .join("")
        : ""
    }`;
  })
  .join("\n")}
</details>`;
}

const anchor = (s: string) => `area-${s.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
