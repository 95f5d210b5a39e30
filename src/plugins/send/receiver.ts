/**
 * A receiver typed as a name (receiverKind.ts): the name service's profile holds its address for
 * the network's coin type (ENSIP-11: 60 on chain 1, else 0x80000000 | chain id), and maybe an avatar.
 */
import { type NameProfile, isAddressFor } from 'airlock/plugin'
import { evmChainIdToCoinType } from './coinType'

/** The coin type a namespace's network records addresses under, by its CAIP-2 reference: data, one row per namespace with names (SPEC §9: eip155). */
const COIN_TYPES: Readonly<Record<string, (reference: string) => number>> = {
  eip155: (reference) => evmChainIdToCoinType(Number(reference)),
}

/**
 * The address `profile` holds for the network `caipNetworkId`, if it is a valid address there.
 *
 * ```ts
 * profileAddress({ name: 'friend.airlock.eth', addresses: { '2147514985': { address: '0x7099…' } } }, 'eip155:31337') // '0x7099…'
 * ```
 */
export function profileAddress(profile: NameProfile, caipNetworkId: string): string | null {
  const cut = caipNetworkId.indexOf(':')
  const namespace = caipNetworkId.slice(0, cut)
  const coinType = Object.hasOwn(COIN_TYPES, namespace) ? safely(() => COIN_TYPES[namespace]!(caipNetworkId.slice(cut + 1))) : undefined
  const address = coinType === undefined ? undefined : profile.addresses[String(coinType)]?.address
  return address !== undefined && isAddressFor(namespace, address, { strict: true }) ? address : null
}

/** The avatar a profile's attributes name (`[{ avatar: 'https://…' }]`), if any. */
export function profileAvatar(profile: NameProfile): string | null {
  for (const attribute of profile.attributes ?? []) {
    const avatar = typeof attribute === 'object' && attribute !== null ? (attribute as { avatar?: unknown }).avatar : undefined
    if (typeof avatar === 'string' && avatar !== '') return avatar
  }
  return null
}

function safely<T>(run: () => T): T | undefined {
  try {
    return run()
  } catch {
    // A chain id with no coin type (SPEC §5: over 2^31) has no address in a profile.
    return undefined
  }
}
