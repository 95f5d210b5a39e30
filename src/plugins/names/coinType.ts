/**
 * The ENSIP-11 coin type of an EVM chain: 60 for chain 1 (Ethereum's SLIP-44 number), else
 * 0x80000000 | chainId. A chain id of 2^31 or more has none (SPEC §5 "A network id over 2^31 is
 * invalid for coin type"): "Chain is not supported" (SPEC §8).
 */
import { AirlockError } from 'airlock/plugin'

/** SPEC §8's words for a chain the name service cannot serve. */
export const CHAIN_NOT_SUPPORTED = 'Chain is not supported'

const EVM_FLAG = 0x80000000

/**
 * ```ts
 * coinTypeOf(1) // 60
 * coinTypeOf(31337) // 2147514985
 * coinTypeOf(2 ** 31) // throws AirlockError('Chain is not supported')
 * ```
 */
export function coinTypeOf(chainId: number | string): number {
  const id = typeof chainId === 'string' && /^\d{1,16}$/.test(chainId) ? Number(chainId) : chainId
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id >= EVM_FLAG) {
    throw new AirlockError(CHAIN_NOT_SUPPORTED, { details: `A network id of 2^31 or more has no coin type (ENSIP-11): ${String(chainId).slice(0, 40)}` })
  }
  return id === 1 ? 60 : EVM_FLAG + id
}
