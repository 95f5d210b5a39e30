/**
 * What the send views show and the send effect sends, derived from the state: the account's
 * balances to choose from (SPEC §3 `tokenBalances`: the tokens plugin's, read by its registry
 * type, else the native balance the core holds), the native balance's value (`networkBalanceInUSD`),
 * the amount in the token and in USD, the fee, what "Max" leaves for it, and the first reason the
 * form cannot be sent.
 */
import {
  selectConnectedAccount,
  type ConnectedAccount,
  withoutZeroDecimals,
  type TokenBalance,
  formatUnitsRounded,
  selectActiveNetwork,
  type CaipNetwork,
  type RootState,
} from 'airlock/plugin'
import { tokenAmountToUsd, tokenDecimals } from './amount'
import { formatTokenAmount, parseTokenAmount } from './baseUnits'
import { initialSendState, type SendState } from './state'
import { formProblem, type FormProblem } from './validation'
import { SEND_NAMESPACES } from './namespaces'

/** The fee as the views show it: native amount and its USD value, once read. */
export type FeeView =
  | { readonly status: 'none' | 'estimating' | 'failed' }
  | { readonly status: 'ready'; readonly amount: string; readonly usd: string | null; readonly symbol: string }

export interface SendForm {
  readonly send: SendState
  readonly network: CaipNetwork | null
  /** The connected address on the active network, and its CAIP-10 form. */
  readonly address: string | null
  readonly caipAddress: string | null
  /** The active namespace sends (SPEC §9) and an account is connected there. */
  readonly supported: boolean
  /** SPEC §3 `tokenBalances`: decimals-0 items dropped (SPEC §5). */
  readonly tokenBalances: readonly TokenBalance[]
  /** SPEC §3 `networkBalanceInUSD`: the native balance's value, a decimal string; null when unknown. */
  readonly networkBalanceInUSD: string | null
  /** The chosen token as its balance reads now (after a refresh), else as chosen. */
  readonly token: TokenBalance | null
  /** The amount's value in USD (a decimal string), when the token has a price. */
  readonly amountUsd: string | null
  readonly fee: FeeView
  /** The most that can be sent: the balance, less the fee the wallet may reserve for the native currency; null until known. */
  readonly max: string | null
  /** The first reason the form cannot be sent, or null. */
  readonly problem: FormProblem | null
}

/** The token's contract or mint: a balance's `address` may be CAIP-10 (`eip155:1:0x…`); absent for the native currency. */
export function tokenContract(token: Pick<TokenBalance, 'address'>): string | undefined {
  const address = token.address
  return address === undefined || address === '' ? undefined : address.slice(address.lastIndexOf(':') + 1)
}

/**
 * The transfer a fee is read for: account, token (with its balance, which a token's fee is read
 * with) and receiver. Not the amount: the fee does not depend on it.
 */
export function feeKey(caipAddress: string, token: TokenBalance | null, receiverAddress: string | null): string {
  return `${caipAddress}|${token ? `${tokenContract(token) ?? 'native'}:${token.quantity.numeric}` : ''}|${receiverAddress ?? ''}`
}

const sameToken = (a: TokenBalance, b: TokenBalance) => tokenContract(a) === tokenContract(b) && a.symbol === b.symbol

/** The native balance: the tokens plugin's entry without an address, else the core's native balance (no price). */
function nativeBalance(balances: readonly TokenBalance[], account: ConnectedAccount, network: CaipNetwork): TokenBalance | null {
  const listed = balances.find((b) => tokenContract(b) === undefined)
  if (listed) return listed
  const balance = account.record.balance
  if (balance === null) return null
  const { name, symbol, decimals } = network.nativeCurrency
  return { name, symbol, chainId: network.caipNetworkId, value: 0, price: 0, quantity: { decimals: String(decimals), numeric: balance } }
}

function feeView(send: SendState, key: string | null, native: TokenBalance | null, network: CaipNetwork | null): FeeView {
  if (key === null || !send.token || !network) return { status: 'none' }
  const fee = send.fee
  if (!fee || fee.key !== key) return { status: 'estimating' }
  if ('failed' in fee) return { status: 'failed' }
  const amount = formatUnitsRounded(BigInt(fee.fee), network.nativeCurrency.decimals)
  return { status: 'ready', amount, usd: native && native.price > 0 ? tokenAmountToUsd(amount, native.price) : null, symbol: network.nativeCurrency.symbol }
}

function maxAmount(token: TokenBalance, send: SendState, key: string | null): string | null {
  const decimals = tokenDecimals(token.quantity.decimals)
  const balance = decimals === null ? null : parseTokenAmount(token.quantity.numeric, decimals)
  if (decimals === null || balance === null) return null
  if (tokenContract(token) !== undefined) return formatTokenAmount(balance, decimals)
  // The native currency pays the fee too: leave what the wallet may reserve for it.
  const fee = send.fee
  if (!fee || fee.key !== key || 'failed' in fee) return null
  const left = balance - BigInt(fee.maxFee)
  return formatTokenAmount(left > 0n ? left : 0n, decimals)
}

let last: { readonly key: readonly unknown[]; readonly form: SendForm } | undefined

/**
 * The send form. The same state gives the same object (for useSyncExternalStore).
 *
 * ```ts
 * selectSendForm(state).tokenBalances // [ETH, ADT, …] of the active account
 * selectSendForm(state).problem // 'amountAndReceiverRequired'
 * ```
 */
export function selectSendForm(root: RootState): SendForm {
  const send = root.send ?? initialSendState
  const network = selectActiveNetwork(root)
  const account = selectConnectedAccount(root)
  const caipAddress = account?.caipAddress ?? null
  const read = caipAddress !== null && send.balances?.caipAddress === caipAddress ? send.balances : undefined
  const key = [send, network, account, read]
  if (last && last.key.every((part, i) => part === key[i])) return last.form

  const listed = network ? withoutZeroDecimals(read?.balances ?? []).filter((b) => b.chainId === network.caipNetworkId) : []
  const native = network && account ? nativeBalance(listed, account, network) : null
  const tokenBalances = native && !listed.includes(native) ? [native, ...listed] : listed
  const token = send.token ? (tokenBalances.find((b) => sameToken(b, send.token!)) ?? send.token) : null
  const supported = account !== undefined && SEND_NAMESPACES.includes(account.namespace)
  const fee = caipAddress === null ? null : feeKey(caipAddress, token, send.receiverAddress)
  const form: SendForm = {
    send,
    network,
    address: account?.address ?? null,
    caipAddress,
    supported,
    tokenBalances,
    networkBalanceInUSD: native && native.price > 0 ? tokenAmountToUsd(native.quantity.numeric, native.price) : null,
    token,
    amountUsd: token && send.sendTokenAmount && token.price > 0 ? tokenAmountToUsd(send.sendTokenAmount, token.price) : null,
    fee: feeView(send, fee, native, network),
    max: token ? maxAmount(token, send, fee) : null,
    problem: formProblem(supported, send, token),
  }
  last = { key, form }
  return form
}
