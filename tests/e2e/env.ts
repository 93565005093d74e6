/** Where the two end-to-end instances listen (see playwright.config.ts). */
function instance(portalPort: number, apiPort: number) {
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

export const E2E = {
  main: instance(3100, 4100),
  /** API idle timeout of 3 s (SESSION_IDLE_MINUTES=0.05). */
  short: instance(3200, 4200),
};

export type Instance = (typeof E2E)["main"];
