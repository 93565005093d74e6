declare module "autocannon" {
  interface Result {
    latency: { p50: number; p97_5?: number; p99: number };
    requests: { average: number; total: number };
    duration: number;
    errors: number;
    non2xx: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Sent in turn on each connection, over and over (their `path` replaces the url's). */
    requests?: { path: string; headers?: Record<string, string> }[];
  }): Instance;
}
