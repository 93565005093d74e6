// Keeps a child process running: when it stops on its own it is started again after a wait that doubles with
// each quick failure (1 s, 2 s, 4 s … up to 30 s), and goes back to 1 s once a run has lasted a minute.
// Every stop and restart is logged. Used by npm start (scripts/start.mjs) for the API and the portal.

/**
 * @param {object} options
 * @param {string} options.name what the process is, for the log
 * @param {() => import("node:child_process").ChildProcess} options.start starts the process
 * @param {(line: string) => void} [options.log]
 * @param {number} [options.firstDelayMs]
 * @param {number} [options.maxDelayMs]
 * @param {number} [options.healthyAfterMs] a run this long resets the wait
 */
export function supervise({ name, start, log = (line) => console.error(line), firstDelayMs = 1000, maxDelayMs = 30_000, healthyAfterMs = 60_000 }) {
  let child;
  let stopped = false;
  let delay = firstDelayMs;
  let restarts = 0;
  let timer;

  function run() {
    const startedAt = Date.now();
    child = start();
    child.on("exit", (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= healthyAfterMs) delay = firstDelayMs;
      log(`[${new Date().toISOString()}] ${name} stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s.`);
      timer = setTimeout(() => {
        if (stopped) return;
        restarts++;
        log(`[${new Date().toISOString()}] ${name}: restart ${restarts}.`);
        run();
      }, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  }
  run();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    /** Stops supervising and ends the process (SIGTERM); resolves once it has exited. */
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      });
    },
  };
}
