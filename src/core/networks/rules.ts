/** The network rules of SPEC §2 (UnsupportedChain) and §5, as pure functions. */
import type { CaipNetwork } from '../../events/shapes/network'
import { parseCaipNetworkId } from '../../validation/caip2'

type NetworkRef = Pick<CaipNetwork, 'caipNetworkId'>

/**
 * SPEC §5: "A network passes the support check when no networks are requested or it is in the
 * list." Networks are compared by CAIP-2 id, which names the namespace and the chain at once.
 *
 * ```ts
 * isNetworkSupported(polygon, []) // true
 * isNetworkSupported(polygon, [ethereum]) // false
 * ```
 */
export function isNetworkSupported(network: NetworkRef | null | undefined, requested: readonly NetworkRef[]): boolean {
  if (requested.length === 0) return true
  if (!network) return false
  return requested.some((r) => r.caipNetworkId === network.caipNetworkId)
}

/**
 * SPEC §5: "Smart account is enabled only when the active network id is in the enabled list."
 *
 * ```ts
 * isSmartAccountEnabled('eip155:137', ['eip155:1', 'eip155:137']) // true
 * isSmartAccountEnabled(null, ['eip155:1']) // false
 * ```
 */
export function isSmartAccountEnabled(activeId: string | null | undefined, enabledList: readonly string[]): boolean {
  return activeId !== null && activeId !== undefined && enabledList.includes(activeId)
}

export interface UnsupportedChainInput {
  readonly activeNetwork: NetworkRef | null | undefined
  /** The networks the site requested for the active namespace. */
  readonly requested: readonly NetworkRef[]
  readonly enableNetworkSwitch: boolean
  readonly allowUnsupportedChain: boolean
  /** Whether the wallet is reached through a basic relay connection (no network switching). */
  readonly isBasicRelayConnection: boolean
}

/**
 * SPEC §2: UnsupportedChain is shown when all of these hold: the active network is not among the
 * requested networks, network switching is enabled, unsupported chains are not allowed, and the
 * connection is not a basic relay-wallet connection. "Not among the requested" uses the support
 * check of SPEC §5, so with no requested networks nothing is unsupported; with no active network
 * there is nothing to complain about.
 *
 * ```ts
 * shouldShowUnsupportedChain({ activeNetwork: polygon, requested: [ethereum], enableNetworkSwitch: true,
 *   allowUnsupportedChain: false, isBasicRelayConnection: false }) // true
 * ```
 */
export function shouldShowUnsupportedChain(input: UnsupportedChainInput): boolean {
  return (
    !!input.activeNetwork &&
    !isNetworkSupported(input.activeNetwork, input.requested) &&
    input.enableNetworkSwitch &&
    !input.allowUnsupportedChain &&
    !input.isBasicRelayConnection
  )
}

/**
 * Read the stored smart-account-enabled networks (SPEC §3: comma-joined). Entries may be bare EVM
 * chain ids (what the embedded wallet reports, SPEC §7: a list of numbers) or CAIP-2 ids; bare ids
 * become `eip155:<id>`. Blank, malformed and repeated entries are dropped, so a corrupt value reads
 * as fewer networks, never as an error.
 *
 * ```ts
 * parseSmartAccountNetworks('1,137, eip155:8453') // ['eip155:1', 'eip155:137', 'eip155:8453']
 * parseSmartAccountNetworks('') // []
 * ```
 */
export function parseSmartAccountNetworks(commaJoined: string | null | undefined): string[] {
  if (!commaJoined) return []
  const ids: string[] = []
  for (const raw of commaJoined.split(',')) {
    const entry = raw.trim()
    if (entry === '') continue
    // BigInt keeps long chain ids exact and drops leading zeros, so '0137' and '137' agree.
    const id = /^\d+$/.test(entry) ? `eip155:${BigInt(entry).toString()}` : entry
    if (parseCaipNetworkId(id).ok && !ids.includes(id)) ids.push(id)
  }
  return ids
}
