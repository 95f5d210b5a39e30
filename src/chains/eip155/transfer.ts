/**
 * Transfers on eip155 chains: the native currency as a value transfer, an ERC-20 token through
 * `transfer(address,uint256)`, the fee they would cost (eth_estimateGas × eth_gasPrice), and the
 * wait for the receipt. Its own chunk: the adapter loads it at the first transfer or estimate, so
 * connecting never fetches the ABI encoder.
 *
 * USDT-style tokens (SPEC §9: "Stablecoin USDT addresses use a different transfer ABI") declare
 * `transfer` without the bool ERC-20 returns. The call data is the same for both (selector and
 * arguments; outputs are not part of it), so one encoding serves every token; what differs is the
 * answer, and it is never decoded here: a transfer succeeded when its receipt's status is 1.
 */
import * as t from 'io-ts'
import { encodeFunctionData, getAddress } from 'viem'
import { isRight } from '../../kernel/either'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { TIMED_OUT } from '../../kernel/errors/http'
import { WalletAnswerError } from '../../kernel/errors/provider'
import { REAL_TIME, sleep, type Time } from '../../kernel/retry'
import type { Transfer, TransferFee, WalletProvider } from '../adapter'
import { evmChainId } from './addChainParams'
import { decodeQuantity, decodeTransactionHash } from './decode'
import { rpcTransaction } from './transaction'

/** `transfer(address,uint256)` with no outputs: it encodes the call for ERC-20 and USDT-style tokens alike. */
const TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

const UINT256_MAX = 2n ** 256n - 1n

/** The receipt's fields read here; null while the transaction is pending. */
const Receipt = t.union([t.null, t.type({ status: t.string })], 'TransactionReceipt')

/** How long a sent transfer is waited for before the visitor is told it has not landed yet (our choice: SPEC §9's longest duration). */
export const RECEIPT_TIMEOUT_MS = 4 * 60_000
const FIRST_POLL_MS = 250
const LONGEST_POLL_MS = 2_000

/** The transaction's `to`, `value` and `data` for `transfer` (without `from`). */
export function transferCall(transfer: Pick<Transfer, 'to' | 'amount' | 'token'>): { to: string; value?: bigint; data?: `0x${string}` } {
  if (transfer.amount < 0n || transfer.amount > UINT256_MAX) {
    throw new AirlockError('Invalid amount', { details: `${transfer.amount} is not a uint256 amount` })
  }
  const to = getAddress(transfer.to)
  if (transfer.token === undefined) return { to, value: transfer.amount }
  return { to: getAddress(transfer.token), data: encodeFunctionData({ abi: TRANSFER_ABI, functionName: 'transfer', args: [to, transfer.amount] }) }
}

type Read = (method: string, params: readonly unknown[]) => Promise<unknown>

/** Chain reads through the network's reader, else through the wallet (which forwards reads to its node). */
function reading(provider: WalletProvider, transfer: Transfer): Read {
  const { reader } = transfer
  return reader ? (method, params) => reader.request(method, params) : (method, params) => provider.request({ method, params: [...params] })
}

/** Wait for `hash`'s receipt; resolves when its status is 1, throws when it is 0 or none came in time. Polls wait on `time`. */
export async function landed(read: Read, hash: string, timeoutMs: number, { clock, scheduler }: Time = REAL_TIME): Promise<void> {
  const deadline = clock.now() + timeoutMs
  for (let wait = FIRST_POLL_MS; ; wait = Math.min(LONGEST_POLL_MS, Math.round(wait * 1.5))) {
    const decoded = Receipt.decode(await read('eth_getTransactionReceipt', [hash]))
    if (!isRight(decoded)) throw new WalletAnswerError({ method: 'eth_getTransactionReceipt', answer: 'something that is not a receipt' })
    const receipt = decoded.right
    if (receipt !== null) {
      if (/^0x0*1$/.test(receipt.status)) return
      throw new AirlockError('Transaction reverted', { category: ErrorCategory.RPC, details: `Transaction ${hash} was mined with status ${receipt.status}` })
    }
    if (clock.now() + wait > deadline) {
      throw new AirlockError(TIMED_OUT, {
        category: ErrorCategory.RPC,
        details: `Transaction ${hash} was sent but not mined within ${Math.round(timeoutMs / 1000)} s; it may still land`,
      })
    }
    await sleep(scheduler, wait)
  }
}

/**
 * Ask the wallet to send `transfer` (eth_sendTransaction, on the transfer's chain) and wait for its
 * receipt. Resolves to the hash once mined with status 1; a reverted transfer (status 0) throws
 * "Transaction reverted".
 *
 * ```ts
 * await sendEvmTransfer(provider, { from, to, amount: 10n ** 18n, network, reader }) // '0x5c…' (1 ETH)
 * await sendEvmTransfer(provider, { from, to, amount: 1_000_000n, token: usdt, network }) // '0x9a…' (1 USDT)
 * ```
 */
export async function sendEvmTransfer(provider: WalletProvider, transfer: Transfer, timeoutMs: number = RECEIPT_TIMEOUT_MS): Promise<string> {
  const transaction = rpcTransaction(transfer.from, { ...transferCall(transfer), chainId: evmChainId(transfer.network) })
  const hash = decodeTransactionHash('eth_sendTransaction', await provider.request({ method: 'eth_sendTransaction', params: [transaction] }))
  await landed(reading(provider, transfer), hash, timeoutMs, transfer.reader?.time)
  return hash
}

/**
 * Wait for the transaction `hash` (sent by any means: a swap, an approval) to be mined with status
 * 1, polling its receipt through `reader`, else the wallet.
 *
 * ```ts
 * await waitForEvmTransaction(provider, '0x5c…', reader) // resolves once mined; throws "Transaction reverted" on status 0
 * ```
 */
export function waitForEvmTransaction(
  provider: WalletProvider,
  hash: string,
  reader?: Transfer['reader'],
  timeoutMs: number = RECEIPT_TIMEOUT_MS,
): Promise<void> {
  const read: Read = reader ? (method, params) => reader.request(method, params) : (method, params) => provider.request({ method, params: [...params] })
  return landed(read, hash, timeoutMs, reader?.time)
}

/**
 * The fee `transfer` would cost: gas (eth_estimateGas) × price (eth_gasPrice). The wallet may
 * reserve up to twice that (an EIP-1559 fee cap is usually twice the base fee plus the tip, and
 * eth_gasPrice is the base fee plus the tip), so `maxFee` is twice `fee`.
 *
 * ```ts
 * await estimateEvmTransferFee(provider, { from, to, amount: 1n, network }) // { fee: 21000n * price, maxFee: 42000n * price }
 * ```
 */
export async function estimateEvmTransferFee(provider: WalletProvider, transfer: Transfer): Promise<TransferFee> {
  const read = reading(provider, transfer)
  const call = rpcTransaction(transfer.from, transferCall(transfer))
  const [gas, price] = await Promise.all([
    read('eth_estimateGas', [call]).then((value) => decodeQuantity('eth_estimateGas', value)),
    read('eth_gasPrice', []).then((value) => decodeQuantity('eth_gasPrice', value)),
  ])
  return { fee: gas * price, maxFee: 2n * gas * price }
}
