// The client's IP for the rate limits. X-Forwarded-For is believed only as the server's
// `trustProxy` setting (AIRLOCK_TRUST_PROXY) says, since any client can send the header:
//   false       the connection's address, the header ignored (the default);
//   true        the header's first (left-most) address: every hop is trusted;
//   n (hops)    the address n hops back from the connection (1: the one the nearest proxy saw);
//   [addrs]     addresses and CIDR ranges of the proxies: walking back from the connection, the
//               first address that is not one of them.
// Behind a proxy with the setting off, every client shares the proxy's address, and so its limits.
import { BlockList, isIP } from 'node:net'
import { normalizeIP } from '@fastify/rate-limit'

/** The prefix an IPv6 client is counted by (one customer's allocation, as @fastify/rate-limit does). */
export const IPV6_SUBNET = 64

/** A function of a Fastify request to its client's address, for `trustProxy`. */
export function clientIpOf(trustProxy = false) {
  let trusted
  if (Array.isArray(trustProxy)) {
    const list = new BlockList()
    for (const entry of trustProxy) {
      const [address, bits] = entry.split('/')
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      if (bits === undefined) list.addAddress(address, type)
      else list.addSubnet(address, Number(bits), type)
    }
    trusted = (address) => isIP(address) !== 0 && list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
  }
  return (request) => {
    const remote = request.socket?.remoteAddress ?? request.ip
    if (trustProxy === false) return normalizeIP(remote, IPV6_SUBNET)
    const forwarded = String(request.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => isIP(part) !== 0)
    // Nearest first: the connection, then the header from its right end (IPv4-mapped as IPv4).
    const chain = [remote, ...forwarded.reverse()].map((hop) => normalizeIP(hop, 128))
    let address
    if (trustProxy === true) address = chain[chain.length - 1]
    else if (typeof trustProxy === 'number') address = chain[Math.min(trustProxy, chain.length - 1)]
    else address = chain.find((hop) => !trusted(hop)) ?? chain[chain.length - 1]
    return normalizeIP(address, IPV6_SUBNET)
  }
}
