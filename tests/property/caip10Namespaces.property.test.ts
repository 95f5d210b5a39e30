/**
 * CAIP-10 account ids of the three namespaces a visitor connects (SPEC §5): an id built from a
 * real address of eip155 (EIP-55), solana (base58 of 32 bytes) or bip122 (bech32 / bech32m on
 * mainnet, testnet or regtest) parses back to the same parts, and its address passes the address
 * rule of its own namespace and none of the others'. This is what a relay session's accounts go
 * through (src/connectors/walletconnect/sessionAccounts.ts).
 */
import { describe, it } from 'vitest'
import fc from 'fast-check'
import { bech32, bech32m } from '@scure/base'
import { getAddress, toHex } from 'viem'
import { runs } from './settings'
import { formatCaipAddress, parseCaipAddress } from '../../src/validation/caip10'
import { isAddressFor } from '../../src/validation/address'
import { encodeBase58 } from '../support/base58'

const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })

const evm = bytes(20).map((b) => ({ namespace: 'eip155', reference: '1', address: getAddress(toHex(b)) }))
const sol = bytes(32).map((b) => ({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: encodeBase58(b) }))
const btcNetworks = [
  { hrp: 'bc', reference: '000000000019d6689c085ae165831e93' },
  { hrp: 'tb', reference: '000000000933ea01ad0ee984209779ba' },
  { hrp: 'bcrt', reference: '0f9188f13cb7b2c71f2a335e3a4fc328' },
] as const
const btc = fc.tuple(fc.constantFrom(...btcNetworks), fc.oneof(bytes(20), bytes(32)), fc.boolean()).map(([net, program, taproot]) => {
  // Witness v0 (bech32) carries 20 or 32 bytes; v1 taproot (bech32m) 32.
  const address = taproot
    ? bech32m.encode(net.hrp, [1, ...bech32m.toWords(program.length === 32 ? program : new Uint8Array(32))])
    : bech32.encode(net.hrp, [0, ...bech32.toWords(program)])
  return { namespace: 'bip122', reference: net.reference, address }
})

const NAMESPACES = ['eip155', 'solana', 'bip122'] as const

describe('CAIP-10 for eip155, solana and bip122 accounts (SPEC §5)', () => {
  it('a real address of each namespace round-trips through format and parse, and passes only its own namespace address rule', () => {
    fc.assert(
      fc.property(fc.oneof(evm, sol, btc), (parts) => {
        const id = formatCaipAddress(parts)
        const parsed = parseCaipAddress(id)
        if (!parsed.ok) return false
        const same = parsed.value.namespace === parts.namespace && parsed.value.reference === parts.reference && parsed.value.address === parts.address
        const ownRule = isAddressFor(parts.namespace, parsed.value.address)
        const othersRefuse = NAMESPACES.filter((ns) => ns !== parts.namespace).every((ns) => !isAddressFor(ns, parsed.value.address))
        return same && ownRule && othersRefuse
      }),
      runs(),
    )
  })
})
