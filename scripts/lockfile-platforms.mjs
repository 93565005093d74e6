#!/usr/bin/env node
// The npm registry reachable here carries only some platform builds of packages such as rollup; `npm
// install` then leaves the others out of package-lock.json and `npm ci` refuses the lock. This adds
// each missing optional platform package as an entry for its own os/cpu, so `npm ci` accepts the lock
// and skips them on other platforms. Run it after any `npm install` that changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const tail = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "openbsd", "netbsd", "sunos", "aix"].find(
    (o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`),
  );
  const cpu = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "mips64el"].find((c) => tail.includes(`-${c}`));
  const libc = tail.includes("musl") ? ["musl"] : os === "linux" ? ["glibc"] : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[base] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue;
    packages[hoisted] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(meta.dev ? { dev: true } : {}),
      license: meta.license ?? "MIT",
      optional: true,
      os: [os],
      ...(libc ? { libc } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added.`);
