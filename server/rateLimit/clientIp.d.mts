import type { FastifyRequest } from 'fastify'

/** The prefix an IPv6 client is counted by. */
export const IPV6_SUBNET: number

/** What AIRLOCK_TRUST_PROXY may be: off, every hop, a number of hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[]

/** A function of a request to its client's address, X-Forwarded-For believed only as `trustProxy` says. */
export function clientIpOf(trustProxy?: TrustProxy): (request: Pick<FastifyRequest, 'headers' | 'socket' | 'ip'>) => string
