/**
 * What a failed transfer's error maps to (SPEC §8: provider code 4001; "Blockchain error messages
 * exist for nonce, fee, gas and funds problems"), over the words wallets and nodes actually use:
 * geth and anvil, MetaMask's wrapping, viem's errors, the product's own AirlockErrors (the node's
 * words in `details`, the wallet's error as `cause`), and the Solana runtime.
 */
import { describe, expect, it } from 'vitest'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import { RpcRequestError } from '../kernel/errors/rpc'
import { UserRejectedRequestError } from '../kernel/errors/provider'
import { walletError } from '../connectors/walletAccess'
import { chainFailure, failureMessage } from './chainFailure'

const rpc = (message: string, code = -32000) => new RpcRequestError({ code, details: message })

describe('chainFailure', () => {
  it('4001, on the error or a cause, or category USER_REJECTED, is the visitor’s refusal', () => {
    expect(chainFailure({ code: 4001, message: 'User rejected the request.' })).toBe('rejected')
    expect(chainFailure(new UserRejectedRequestError())).toBe('rejected')
    expect(chainFailure(walletError(Object.assign(new Error('MetaMask Tx Signature: User denied transaction signature.'), { code: 4001 })))).toBe('rejected')
    expect(chainFailure(new AirlockError('declined', { category: ErrorCategory.USER_REJECTED }))).toBe('rejected')
  })

  it.each([
    ['nonce too low: next nonce 12, tx nonce 11', 'nonce'],
    ['Nonce too high. Expected nonce to be 3 but got 9.', 'nonce'],
    ['invalid nonce; got 4, expected 5', 'nonce'],
    ['already known', 'nonce'],
    ['replacement transaction underpriced', 'fee'],
    ['transaction underpriced: tip needed 1, tip permitted 0', 'fee'],
    ['max fee per gas less than block base fee: address 0xf39F…, maxFeePerGas: 1, baseFee: 875000000', 'fee'],
    ['intrinsic gas too low: have 20000, want 21000', 'gas'],
    ['out of gas', 'gas'],
    ['gas required exceeds allowance (30000000)', 'gas'],
    ['exceeds block gas limit', 'gas'],
    ['insufficient funds for gas * price + value: balance 0, tx cost 21000000000000', 'funds'],
    ['Insufficient funds for gas * price + value', 'funds'],
    ['ERC20: transfer amount exceeds balance', 'funds'],
    ['Execution reverted with reason: custom error 0xe450d38c: ERC20InsufficientBalance(address,uint256,uint256)', 'funds'],
    ['Attempt to debit an account but found no record of a prior credit.', 'funds'],
    ['Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1', 'funds'],
    ['Transaction reverted', 'reverted'],
    ['execution reverted', 'reverted'],
    ['Transaction 0xab… was sent but not mined within 240 s; it may still land', 'pending'],
    ['Internal JSON-RPC error.', 'failed'],
  ] as const)('%s → %s', (words, kind) => {
    expect(chainFailure(new Error(words))).toBe(kind)
    // As the chain reader reports a node's error: the words in `details`.
    expect(chainFailure(rpc(words))).toBe(kind)
    // As the wallet port reports a wallet's error carrying the node's: the words in a cause.
    expect(chainFailure(walletError({ code: -32603, message: 'Internal JSON-RPC error.', cause: new Error(words) }))).toBe(
      words === 'Internal JSON-RPC error.' ? 'failed' : kind,
    )
  })

  it('MetaMask’s wrapping of the node’s error is read through', () => {
    const wrapped = new Error(`[ethjs-query] while formatting outputs from RPC '{"value":{"code":-32603,"data":{"code":-32000,"message":"nonce too low"}}}'`)
    expect(chainFailure(wrapped)).toBe('nonce')
  })

  it('funds before gas: "insufficient funds for gas" is not a gas problem', () => {
    expect(chainFailure(new Error('insufficient funds for gas * price + value'))).toBe('funds')
  })
})

describe('failureMessage', () => {
  it('the error’s own words, first line, at most 200 characters', () => {
    expect(failureMessage(rpc('nonce too low'))).toBe('nonce too low')
    expect(failureMessage(new Error('first line\nRequest Arguments: …'))).toBe('first line')
    expect(failureMessage(new Error('x'.repeat(300)))).toHaveLength(200)
    expect(failureMessage('plain')).toBe('plain')
  })
})
