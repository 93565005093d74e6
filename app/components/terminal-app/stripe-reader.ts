/**
 * The real reader: Stripe's Terminal JS SDK (`@stripe/terminal-js`), loaded only when the island runs against
 * Stripe (never in any page's first load, nor in the sandbox). It discovers the location's readers and connects
 * one with a connection token from the API; payments stay server-driven (processPaymentIntent on the API).
 */
import type { ReaderDriver, ReaderInfo } from "./reader-machine";

export async function createStripeReaderDriver(
  fetchToken: () => Promise<string>,
  known: ReaderInfo[],
  providerIds: Record<number, string>,
): Promise<ReaderDriver> {
  const { loadStripeTerminal } = await import("@stripe/terminal-js/dist/terminal.esm.js");
  const StripeTerminal = await loadStripeTerminal();
  if (!StripeTerminal) throw new Error("Stripe Terminal could not be loaded.");
  const terminal = StripeTerminal.create({ onFetchConnectionToken: fetchToken, onUnexpectedReaderDisconnect: () => undefined });
  return {
    kind: "stripe",
    async discover() {
      const found = await terminal.discoverReaders({ simulated: false });
      if ("error" in found) throw new Error(found.error.message);
      const online = new Set(found.discoveredReaders.map((r) => r.id));
      return known.filter((r) => online.has(providerIds[r.id]));
    },
    async connect(reader) {
      const found = await terminal.discoverReaders({ simulated: false });
      if ("error" in found) throw new Error(found.error.message);
      const target = found.discoveredReaders.find((r) => r.id === providerIds[reader.id]);
      if (!target) throw new Error("The reader is not online.");
      const connected = await terminal.connectReader(target);
      if ("error" in connected) throw new Error(connected.error.message);
    },
    async disconnect() {
      await terminal.disconnectReader();
    },
  };
}
