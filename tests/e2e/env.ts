/** A portal + API pair's addresses; the two end-to-end instances are below (see playwright.config.ts). */
export function instance(portalPort: number, apiPort: number) {
  return {
    portalPort,
    apiPort,
    /** The flightDeck theme (by host name). */
    flightdeck: `http://flightdeck.localhost:${portalPort}`,
    /** The smallBusiness theme. */
    smallbusiness: `http://smallbusiness.localhost:${portalPort}`,
    /** Any other host: the default theme (flightDeck). */
    plain: `http://localhost:${portalPort}`,
    api: `http://127.0.0.1:${apiPort}`,
  };
}

/** E2E_PORT_OFFSET moves both instances (and their data folders), so several runs can share a machine. */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

export const E2E = {
  main: instance(3100 + PORT_OFFSET, 4100 + PORT_OFFSET),
  /** API idle timeout of 6 s (SESSION_IDLE_MINUTES=0.1). */
  short: instance(3200 + PORT_OFFSET, 4200 + PORT_OFFSET),
};

export type Instance = (typeof E2E)["main"];
