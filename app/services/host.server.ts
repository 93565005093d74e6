import { resolveHost } from "../lib/variant";
import { config } from "./config.server";

/** The theme and banner of the host this request came to. */
export function hostOf(request: Request) {
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  return resolveHost(host, {
    flightdeckHost: config.FLIGHTDECK_HOST,
    smallbusinessHost: config.SMALLBUSINESS_HOST,
    defaultVariant: config.DEFAULT_VARIANT,
  });
}
