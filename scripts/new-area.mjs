#!/usr/bin/env node
// npm run new:area <name> [--plural <plural>] [--label <Label>] [--permission <view>,<manage>] [--migrate] [--dry-run]
//
// Writes a working skeleton of an area in the one style of docs/adding-an-area.md: the drizzle table, the contract, the
// API module (registered with its area), its route-matrix resolvers, the permissions, the portal service, the list route
// and its drawers, the route table entry, an API test and a no-JavaScript test. It refuses when any of its files or
// names already exist. What it writes and edits is formatted by the project's Prettier and ESLint (--fix).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { areaFiles } from "./area-templates.mjs";

const USAGE = `Usage: npm run new:area -- <name> [options]

  <name>                 one record, kebab-case and singular: vehicle, claim-note
  --plural <plural>      the plural, kebab-case (default: <name>s): used in URLs, file and table names
  --label <Label>        the record's label (default from the name: "Claim note")
  --label-plural <L>     the plural label (default: <label>s)
  --permission <v>,<m>   use existing permissions (view, manage) of contract/permissions.ts instead of adding
                         <name>_view and <name>_manage
  --migrate              run npm run db:generate afterwards
  --dry-run              print what would be written and changed, write nothing
  --root <folder>        the repository to write into (default: this one)`;

export function parseArgs(argv) {
  const opts = { dryRun: false, migrate: false };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error(`${a} needs a value.`);
      return v;
    };
    if (a === "--dry-run") opts.dryRun = true;
    else if (a === "--migrate") opts.migrate = true;
    else if (a === "--plural") opts.plural = value();
    else if (a === "--label") opts.label = value();
    else if (a === "--label-plural") opts.labelPlural = value();
    else if (a === "--permission") opts.permission = value();
    else if (a === "--root") opts.root = value();
    else if (a === "--help" || a === "-h") opts.help = true;
    else if (a.startsWith("--")) throw new Error(`Unknown option ${a}.`);
    else rest.push(a);
  }
  if (rest.length > 1) throw new Error(`One name only (got ${rest.join(", ")}).`);
  opts.name = rest[0];
  return opts;
}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
const words = (kebab) => kebab.split("-");
const cap = (w) => w[0].toUpperCase() + w.slice(1);

/** Every spelling of the area's names the templates use. */
export function namesOf(opts) {
  const name = opts.name;
  if (!name || !KEBAB.test(name)) throw new Error("Give the area's record name in kebab-case, singular: e.g. vehicle or claim-note.");
  const plural = opts.plural ?? `${name}s`;
  if (!KEBAB.test(plural)) throw new Error("--plural must be kebab-case: e.g. vehicles or claim-notes.");
  if (plural === name) throw new Error("The plural must differ from the name.");
  const label = opts.label ?? cap(words(name).join(" "));
  const labelPlural = opts.labelPlural ?? (opts.label ? `${label}s` : cap(words(plural).join(" ")));
  const snake = words(name).join("_");
  let view = `${snake}_view`;
  let manage = `${snake}_manage`;
  let newPermissions = true;
  if (opts.permission) {
    const given = opts.permission.split(",").map((s) => s.trim());
    if (given.length !== 2 || given.some((p) => !/^[a-z][a-z0-9_]*$/.test(p))) throw new Error("--permission takes two names: view,manage.");
    [view, manage] = given;
    newPermissions = false;
  }
  return {
    name, // vehicle
    plural, // vehicles (URLs, files)
    label, // Vehicle
    labelPlural, // Vehicles
    lower: label.toLowerCase(), // vehicle (in sentences)
    lowerPlural: labelPlural.toLowerCase(),
    Pascal: words(name).map(cap).join(""), // Vehicle
    PascalPlural: words(plural).map(cap).join(""), // Vehicles
    camelPlural: words(plural)[0] + words(plural).slice(1).map(cap).join(""), // vehicles (the drizzle table)
    CONST: words(name).join("_").toUpperCase(), // VEHICLE
    table: words(plural).join("_"), // vehicles
    view,
    manage,
    newPermissions,
  };
}

/** One edit of an existing file: text inserted before or after an anchor that must occur exactly once. */
function insertAt(text, file, anchor, insertion, where) {
  const at = text.indexOf(anchor);
  if (at < 0 || text.indexOf(anchor, at + 1) >= 0) throw new Error(`${file}: expected one "${anchor.trim()}" to insert beside; edit it by hand.`);
  const pos = where === "before" ? at : at + anchor.length;
  return text.slice(0, pos) + insertion + text.slice(pos);
}

/** The edits of existing files, each checked to be new (the area must not exist yet). */
export function areaEdits(n, read) {
  const edits = [];
  const edit = (file, refuseIf, change) => {
    const text = read(file);
    if (refuseIf.some((s) => text.includes(s))) throw new Error(`${file} already has the area ${n.plural} (${refuseIf.find((s) => text.includes(s))}).`);
    edits.push({ file, text: change(text) });
  };
  edit("api/db/schema/index.ts", [`"./${n.plural}"`], (t) => `${t.trimEnd()}\nexport * from "./${n.plural}";\n`);
  edit("api/app.ts", [`./modules/${n.plural}/routes`], (t) =>
    insertAt(
      insertAt(
        t,
        "api/app.ts",
        `import providersRoutes from "./modules/providers/routes";\n`,
        `import ${n.camelPlural}Routes from "./modules/${n.plural}/routes";\n`,
        "after",
      ),
      "api/app.ts",
      "  return app;\n}",
      `  await app.register(${n.camelPlural}Routes, { area: "${n.labelPlural}" });\n`,
      "before",
    ),
  );
  edit("tests/security/support.ts", [`"/${n.plural}/:id"`], (t) =>
    insertAt(
      t,
      "tests/security/support.ts",
      "export const RESOLVERS: Record<string, Resolver> = {\n",
      `  "/${n.plural}/:id": tenant(async (api, a) => ({
    id: await one(api, \`insert into ${n.table} (tenant_id, name) values (\${H(a)}, 'Route matrix') returning id\`),
  })),\n`,
      "after",
    ),
  );
  edit("contract/portal-routes.ts", [`guarded("/${n.plural}"`], (t) =>
    insertAt(t, "contract/portal-routes.ts", "\n];", `\n  guarded("/${n.plural}", "${n.labelPlural}", ["${n.view}", "${n.manage}"]),`, "before"),
  );
  edit("tests/unit/route-table.test.ts", [`["/${n.plural}", "/${n.plural}"`], (t) =>
    insertAt(
      t,
      "tests/unit/route-table.test.ts",
      '\n];\n\ndescribe("route table"',
      `\n  ["/${n.plural}", "/${n.plural}", ["${n.view}", "${n.manage}"], undefined],`,
      "before",
    ),
  );
  const perms = read("contract/permissions.ts");
  if (n.newPermissions) {
    edit("contract/permissions.ts", [`"${n.view}"`, `"${n.manage}"`, `  ${n.labelPlural}: [`, `  "${n.labelPlural}": [`], (t) =>
      insertAt(
        t,
        "contract/permissions.ts",
        "\n} as const;",
        `\n  ${/^[A-Za-z_]\w*$/.test(n.labelPlural) ? n.labelPlural : JSON.stringify(n.labelPlural)}: ["${n.view}", "${n.manage}"],`,
        "before",
      ),
    );
  } else {
    for (const p of [n.view, n.manage]) if (!perms.includes(`"${p}"`)) throw new Error(`--permission: ${p} is not in contract/permissions.ts.`);
  }
  return edits;
}

function run(root, command, args) {
  const res = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`${command} ${args.join(" ")} failed.`);
}

export function generate(opts, log = console.log) {
  const root = path.resolve(opts.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const n = namesOf(opts);
  const read = (file) => readFileSync(path.join(root, file), "utf8");
  const files = areaFiles(n);
  const taken = Object.keys(files).filter((f) => existsSync(path.join(root, f)));
  if (taken.length) throw new Error(`The area ${n.plural} exists already: ${taken.join(", ")}.`);
  const edits = areaEdits(n, read);

  if (opts.dryRun) {
    log(
      `Would write:\n${Object.keys(files)
        .map((f) => `  ${f}`)
        .join("\n")}`,
    );
    log(`Would edit:\n${edits.map((e) => `  ${e.file}`).join("\n")}`);
    return { names: n, files: Object.keys(files), edited: edits.map((e) => e.file) };
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  for (const e of edits) writeFileSync(path.join(root, e.file), e.text);
  const touched = [...Object.keys(files), ...edits.map((e) => e.file)];
  const bin = (b) => path.join(root, "node_modules/.bin", b);
  run(root, bin("prettier"), ["--write", "--log-level", "warn", ...touched]);
  run(root, bin("eslint"), ["--fix", ...touched.filter((f) => /\.(ts|tsx|mjs)$/.test(f))]);
  log(
    `Wrote:\n${Object.keys(files)
      .map((f) => `  ${f}`)
      .join("\n")}`,
  );
  log(`Edited:\n${edits.map((e) => `  ${e.file}`).join("\n")}`);
  if (opts.migrate) run(root, "npm", ["run", "db:generate", "--", "--name", n.table]);
  log(`
Next:
  ${opts.migrate ? "(migration generated: commit api/db/migrations)" : `npm run db:generate -- --name ${n.table}     (the migration of the ${n.table} table; commit it)`}
  The menu: add link("${n.labelPlural}", "/${n.plural}") to the group it belongs to in app/access/menus.ts (a design decision).
  npx tsc --noEmit && npx vitest run tests/api/${n.plural}.test.ts
  npm run build && E2E_PREBUILT=true npx vitest run --project nojs tests/nojs/${n.plural}.test.ts
  Then make it the spec's: fields, messages word for word, filters, and the README's list of screens.`);
  return { names: n, files: Object.keys(files), edited: edits.map((e) => e.file) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    if (opts.help || !opts.name) {
      console.log(USAGE);
      process.exit(opts.help ? 0 : 1);
    }
    generate(opts);
  } catch (e) {
    console.error(`new:area: ${e.message}`);
    process.exit(1);
  }
}
