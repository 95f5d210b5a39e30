/**
 * Address checks by CAIP namespace, so callers holding a network need not know which chain family
 * they face.
 */
import { CAIP_ACCOUNT_ADDRESS_PATTERN } from './caipGrammar'
import { isBitcoinAddress } from './bitcoinAddress'
import { isEvmAddress, type EvmAddressOptions } from './evmAddress'
import { isSolanaAddress } from './solanaAddress'

/** The address rule of each chain family we know, by CAIP namespace: data, so a new family is one row. */
const ADDRESS_RULES: Readonly<Record<string, (address: unknown, options: EvmAddressOptions) => boolean>> = {
  eip155: isEvmAddress,
  solana: isSolanaAddress,
  bip122: isBitcoinAddress,
}

/**
 * Check an address for the chain family named by a CAIP namespace: `eip155` (EVM, with the EIP-55
 * rules of `isEvmAddress` and its `strict` option), `solana` and `bip122` (Bitcoin). Any other
 * namespace gets the CAIP-10 address grammar only: we cannot know its format, and refusing every
 * address would lock out chains an adapter may add later.
 *
 * ```ts
 * isAddressFor('eip155', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // true
 * isAddressFor('solana', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // false
 * isAddressFor('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true
 * ```
 */
export function isAddressFor(namespace: string, address: unknown, options: EvmAddressOptions = {}): boolean {
  const rule = Object.hasOwn(ADDRESS_RULES, namespace) ? ADDRESS_RULES[namespace] : undefined
  return rule ? rule(address, options) : typeof address === 'string' && CAIP_ACCOUNT_ADDRESS_PATTERN.test(address)
}
