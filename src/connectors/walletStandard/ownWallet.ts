/**
 * Airlock's own wallet. `airlock/solana` registers an Airlock instance's Solana connection as a
 * Wallet Standard wallet, so that apps built on Solana's wallet adapter see it; that wallet
 * carries this feature. Discovery never lists a wallet that has it: Airlock connecting to itself
 * would be a loop (every request would come back to the instance that sent it).
 */
/** The feature of Airlock's own registered wallet: `{ version: '1.0.0' }`. */
export const AIRLOCK_WALLET_FEATURE = 'airlock:wallet'

/**
 * Whether `wallet` is one Airlock registered (a wallet whose getters throw is not).
 *
 * ```ts
 * isAirlockWallet(phantom) // false
 * ```
 */
export function isAirlockWallet(wallet: { readonly features: unknown }): boolean {
  try {
    const { features } = wallet
    return typeof features === 'object' && features !== null && AIRLOCK_WALLET_FEATURE in features
  } catch {
    return false
  }
}
