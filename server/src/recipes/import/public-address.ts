import ipaddr from "ipaddr.js";

/**
 * Whether the server may connect to this IP address on a user's behalf: only public unicast
 * addresses. ipaddr.js names every special range (loopback, private, link-local with the
 * 169.254.169.254 metadata service, carrier-grade NAT, IPv6 unique-local and link-local,
 * multicast, reserved, documentation, 6to4, Teredo, NAT64...); anything but "unicast" is
 * refused. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}
