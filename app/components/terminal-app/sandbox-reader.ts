import type { ReaderDriver, ReaderInfo } from "./reader-machine";

/**
 * The sandbox's simulated reader: the readers registered to the tenant (from the page), always online; connecting
 * asks nothing of any SDK. Payments are server-driven (the portal's endpoint), as with Stripe's smart readers.
 */
export class SandboxReaderDriver implements ReaderDriver {
  readonly kind = "sandbox" as const;
  constructor(private readonly readers: ReaderInfo[]) {}
  async discover() {
    return this.readers;
  }
  async connect() {}
  async disconnect() {}
}
