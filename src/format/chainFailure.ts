/**
 * Why a transfer, an approval or a swap failed, from what the wallet or the chain said (SPEC §8: "Blockchain error
 * messages exist for nonce, fee, gas and funds problems"; provider code 4001, user rejected).
 * Wallets and nodes say it in words, not codes, each a little differently (geth, anvil, MetaMask,
 * viem, the Solana runtime), so the words of the error and of its causes are matched. The views
 * show each kind's text from the plugin's strings (`errors.<kind>`). Shared by the send and swap
 * plugins (plugins never import each other).
 */
import { AirlockError, ErrorCategory } from '../kernel/errors'

/** The kinds a wallet or chain error maps to. */
export type ChainFailure = 'rejected' | 'nonce' | 'fee' | 'gas' | 'funds' | 'reverted' | 'pending' | 'failed'

/**
 * Checked in this order: "insufficient funds for gas * price + value" is a funds problem, not a gas
 * one. OpenZeppelin 5 tokens revert with the custom error ERC20InsufficientBalance (0xe450d38c);
 * the SPL token program's error 1 is its insufficient funds.
 */
const PATTERNS: readonly (readonly [ChainFailure, RegExp])[] = [
  [
    'funds',
    /insufficient (funds|balance|lamports)|exceeds (the )?balance|transfer amount exceeds|insufficientfunds|debit an account but found no record of a prior credit|custom program error: 0x1\b|erc20insufficientbalance|0xe450d38c/,
  ],
  ['nonce', /nonce (is )?too (low|high)|invalid nonce|nonce has already been used|nonce.*already (known|used)|already known/],
  [
    'fee',
    /underpriced|fee (cap |per gas )?(is )?too low|max fee per gas less than (the )?block base fee|gas price (is )?too low|(tip|priority fee) (is )?too low|fee cap less than/,
  ],
  ['gas', /out of gas|intrinsic gas too low|gas limit (reached|exceeded|too low)|exceeds block gas limit|gas required exceeds|computational budget exceeded/],
  ['reverted', /transaction reverted|execution reverted|transaction failed/],
]

/** The error's words and its causes', lower case: AirlockError keeps the node's words in `details`. */
function wordsOf(error: unknown): string {
  const words: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { message, details, shortMessage } = current as { message?: unknown; details?: unknown; shortMessage?: unknown }
    for (const part of [shortMessage, message, details]) if (typeof part === 'string') words.push(part)
    current = (current as { cause?: unknown }).cause
  }
  if (typeof error === 'string') words.push(error)
  return words.join('\n').toLowerCase()
}

/** Whether the visitor declined: code 4001 or category USER_REJECTED, on the error or a cause. */
function declined(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === 4001) return true
    if (current instanceof AirlockError && current.category === ErrorCategory.USER_REJECTED) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * The kind of a failed transfer's error.
 *
 * ```ts
 * chainFailure({ code: 4001, message: 'User rejected the request.' }) // 'rejected'
 * chainFailure(new Error('nonce too low: next nonce 5, tx nonce 4')) // 'nonce'
 * chainFailure(new Error('replacement transaction underpriced')) // 'fee'
 * chainFailure(new Error('intrinsic gas too low')) // 'gas'
 * chainFailure(new Error('insufficient funds for gas * price + value')) // 'funds'
 * ```
 */
export function chainFailure(error: unknown): ChainFailure {
  if (declined(error)) return 'rejected'
  const words = wordsOf(error)
  for (const [kind, pattern] of PATTERNS) if (pattern.test(words)) return kind
  // Sent but not seen landing within the wait (the adapters' "took too long" with a "was sent" detail).
  if (/was sent but not (mined|confirmed)/.test(words)) return 'pending'
  return 'failed'
}

/** A short message of the error for SEND_ERROR and the banner's detail: its own words, first line, at most 200 characters. */
export function failureMessage(error: unknown): string {
  const own = error instanceof AirlockError ? (error.details ?? error.shortMessage) : error instanceof Error ? error.message : String(error)
  const line = own.split('\n')[0]?.trim() || 'The transfer failed'
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
