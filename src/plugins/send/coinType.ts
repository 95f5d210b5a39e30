/**
 * ENSIP-11 coin types for EVM chains, used to ask a name service for a chain's address record.
 * Mainnet keeps its SLIP-44 coin type 60; every other EVM chain sets the top bit over its chain id.
 */
import { AirlockError } from 'airlock/plugin'

/** The SLIP-44 coin type of Ethereum mainnet. */
export const ETHEREUM_COIN_TYPE = 60

/** The flag ENSIP-11 sets on an EVM chain id; chain ids must stay below it (SPEC §5). */
export const EVM_COIN_TYPE_FLAG = 0x80000000

/**
 * Turn an EVM chain id into its ENSIP-11 coin type: 60 for chain 1, `0x80000000 | chainId`
 * otherwise. A chain id of 2^31 or more is invalid for coin type (SPEC §5): its own top bit would
 * collide with the flag and two chains would share one coin type, so it throws an `AirlockError`,
 * as do negative and fractional ids. Chain id 0 gives 0x80000000, the ENSIP-19 default EVM coin
 * type, as viem's `toCoinType` does.
 *
 * ```ts
 * evmChainIdToCoinType(1) // 60
 * evmChainIdToCoinType(10) // 2147483658 (0x8000000a)
 * evmChainIdToCoinType(2 ** 31) // throws AirlockError('Invalid chain id for coin type')
 * ```
 */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= EVM_COIN_TYPE_FLAG) {
    throw new AirlockError('Invalid chain id for coin type', {
      details: `chain id ${chainId} must be an integer from 0 to 2^31-1 (ENSIP-11)`,
    })
  }
  if (chainId === 1) return ETHEREUM_COIN_TYPE
  // `|` works on signed 32-bit ints; `>>> 0` reads the result back as unsigned.
  return (EVM_COIN_TYPE_FLAG | chainId) >>> 0
}
