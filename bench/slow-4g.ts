import type { BrowserContext, Page } from "playwright-core";

/**
 * The lab profile of the benchmark and of the layout-shift test (tests/e2e/frame.spec.ts): Chromium's 'Slow 4G'
 * (150 ms round trip, 1.6 Mbps down, 750 kbps up) and a CPU four times slower, on one page of a context.
 */
export async function emulateSlow4G(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
