import { describe, expect, it } from "vitest";
import { clientAddress } from "#app/lib/client-address";

describe("the portal visitor's address", () => {
  it.each([
    // No trusted proxy: the connection is the visitor, whatever it claims.
    ["203.0.113.5", "1.2.3.4", [], "203.0.113.5"],
    ["::ffff:203.0.113.5", undefined, [], "203.0.113.5"],
    ["2001:db8::1", "1.2.3.4", [], "2001:db8::1"],
    // Behind a trusted load balancer: the right-most address that is not a trusted proxy.
    ["10.0.0.2", "1.2.3.4, 198.51.100.7", ["10.0.0.0/8"], "198.51.100.7"],
    ["10.0.0.2", "198.51.100.7, 10.0.0.9", ["10.0.0.0/8"], "198.51.100.7"],
    ["127.0.0.1", "198.51.100.7", ["loopback"], "198.51.100.7"],
    ["10.0.0.2", "", ["10.0.0.0/8"], "10.0.0.2"],
    ["10.0.0.2", "garbage, 198.51.100.7", ["10.0.0.0/8"], "198.51.100.7"],
    ["10.0.0.2", "198.51.100.7, garbage", ["10.0.0.0/8"], "10.0.0.2"],
    ["11.0.0.2", "198.51.100.7", ["10.0.0.0/8"], "11.0.0.2"],
    ["192.0.2.9", "198.51.100.7", ["192.0.2.9"], "198.51.100.7"],
  ] as const)("%s forwarding %s, trusting %j → %s", (remote, forwarded, trusted, expected) => {
    expect(clientAddress(remote, forwarded, trusted)).toBe(expected);
  });

  it("no connection address, no visitor address", () => {
    expect(clientAddress(undefined, "1.2.3.4", ["loopback"])).toBeNull();
  });
});
