/**
 * The address of the portal's visitor, which the portal sends to the API as X-Forwarded-For (the API believes
 * it only from the portal's address, decision 013). The connection's own address, unless it comes from a
 * proxy the portal trusts (PORTAL_TRUSTED_PROXIES: addresses, IPv4 CIDR ranges, or "loopback"): then the
 * right-most address of X-Forwarded-For that is not itself a trusted proxy.
 */
export function clientAddress(remoteAddress: string | undefined, forwardedFor: string | undefined, trusted: readonly string[]): string | null {
  const remote = plain(remoteAddress ?? "");
  if (!remote) return null;
  if (!isTrusted(remote, trusted)) return remote;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean)
    .map(plain);
  let client = remote;
  for (let i = hops.length - 1; i >= 0; i--) {
    // Something that is not an address ends the chain: what lies to its left is nobody's word.
    if (!hops[i]) break;
    client = hops[i];
    if (!isTrusted(client, trusted)) break;
  }
  return client;
}

/** "::ffff:192.0.2.1" → "192.0.2.1"; anything that is not an address → "". */
function plain(address: string): string {
  const a = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return isAddress(a) ? a : "";
}

function isAddress(a: string): boolean {
  return ipv4(a) !== null || (/^[0-9a-f:]+$/i.test(a) && a.includes(":") && a.length <= 39);
}

function ipv4(a: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

function isTrusted(address: string, trusted: readonly string[]): boolean {
  return trusted.some((entry) => {
    if (entry === "loopback") return address === "::1" || (ipv4(address) ?? 0) >>> 24 === 127;
    const [range, bits] = entry.split("/");
    if (bits === undefined) return plain(range) === address;
    const base = ipv4(range);
    const value = ipv4(address);
    const n = Number(bits);
    if (base === null || value === null || !Number.isInteger(n) || n < 0 || n > 32) return false;
    const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
    return (base & mask) >>> 0 === (value & mask) >>> 0;
  });
}
