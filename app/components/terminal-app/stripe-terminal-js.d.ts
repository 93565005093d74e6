/**
 * The few types of Stripe's Terminal JS SDK loader the island uses. Its own types import an old `stripe` package
 * whose global declarations would replace the API's, so the loader is imported by its file and typed here.
 */
declare module "@stripe/terminal-js/dist/terminal.esm.js" {
  interface DiscoveredReader {
    id: string;
    label: string | null;
  }
  type Failure = { error: { message: string } };
  interface Terminal {
    discoverReaders(config: { simulated?: boolean; location?: string }): Promise<Failure | { discoveredReaders: DiscoveredReader[] }>;
    connectReader(reader: DiscoveredReader): Promise<Failure | { reader: DiscoveredReader }>;
    disconnectReader(): Promise<unknown>;
  }
  export function loadStripeTerminal(): Promise<{
    create(props: { onFetchConnectionToken: () => Promise<string>; onUnexpectedReaderDisconnect: () => void }): Terminal;
  } | null>;
}
