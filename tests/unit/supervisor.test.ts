import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
// eslint-disable-next-line no-restricted-imports -- scripts/ is plain JavaScript run by node, outside the aliased roots
import { supervise } from "../../scripts/supervisor.mjs";

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe("npm start's supervisor", () => {
  it("starts a crashed process again, with a growing wait, and logs each stop and restart", async () => {
    const lines: string[] = [];
    const s = supervise({
      name: "API",
      start: () => spawn(process.execPath, ["-e", "setTimeout(() => process.exit(3), 20)"]),
      log: (l: string) => lines.push(l),
      firstDelayMs: 20,
      maxDelayMs: 80,
    });
    expect(await until(() => s.restarts >= 3)).toBe(true);
    await s.stop();
    expect(lines.some((l) => /API stopped \(exit code 3\); starting it again in 0\.02 s/.test(l))).toBe(true);
    expect(lines.some((l) => /API stopped \(exit code 3\); starting it again in 0\.04 s/.test(l))).toBe(true);
    expect(lines.some((l) => /API: restart 3\./.test(l))).toBe(true);
  });

  it("a process killed from outside is started again; stop() ends it for good", async () => {
    const s = supervise({ name: "Portal", start: () => spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]), log: () => {}, firstDelayMs: 10 });
    await until(() => s.child.pid !== undefined);
    const first = s.child;
    first.kill("SIGKILL");
    expect(await until(() => s.child !== first && s.child.exitCode === null)).toBe(true);
    const second = s.child;
    await s.stop();
    expect(second.exitCode !== null || second.signalCode !== null).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.child).toBe(second);
  });
});
