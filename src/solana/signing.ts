/**
 * The Solana features of Airlock's wallet, each delegated to whatever Airlock connected on Solana
 * (a Wallet Standard wallet, a WalletConnect session, the embedded wallet): their providers all
 * answer WalletConnect's Solana methods (`solana_signMessage`, `solana_signTransaction`,
 * `solana_signAllTransactions`, `solana_signAndSendTransaction`; see src/chains/solana/adapter.ts),
 * so the features translate the Wallet Standard's bytes into those methods' base58 and base64 and
 * back. The answers are decoded (src/chains/solana/decode.ts) before use.
 */
import { base58, base64 } from '@scure/base'
import * as t from 'io-ts'
import type { WalletAccount } from '@wallet-standard/base'
import type {
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features'
import type { AirlockInstance } from '../ports/instance'
import type { WalletProvider } from '../ports/wallet'
import { errorCode } from '../chains/adapter'
import { Base64Codec, decodeSentSignature, decodeSignature, decodeSignedTransaction } from '../chains/solana/decode'
import { readSigners } from '../chains/solana/wire'
import { chainReader } from '../connectors/chainReader'
import { defaultDeps } from '../kernel/deps'
import { AirlockError } from '../kernel/errors'
import { JsonRpcErrorCode, ProviderErrorCode } from '../kernel/errors/codes'
import { ChainDisconnectedError, UnauthorizedProviderError, WalletAnswerError } from '../kernel/errors/provider'
import { isRight } from '../kernel/either'
import { namespaceNetwork } from '../core/networks/selectors'
import { networkForChain } from './siteChains'
import { solanaAddress } from './walletState'

/** Airlock's Solana provider, for the account an app passed (it must be the connected one). */
function providerFor(airlock: AirlockInstance, account: WalletAccount): WalletProvider {
  const address = solanaAddress(airlock.getState())
  const provider = airlock.getProvider('solana')
  if (address === null || provider === undefined) throw new UnauthorizedProviderError({ details: 'Airlock has no Solana connection' })
  if (account?.address !== address)
    throw new UnauthorizedProviderError({ details: `${String(account?.address)} is not the account Airlock has connected on Solana` })
  return provider
}

/**
 * Have Airlock on the network an app's `chain` names, switching its Solana network when the app
 * sends on another one the site configured (the wallet is asked, as in the modal).
 */
async function onChain(airlock: AirlockInstance, chain: string | undefined): Promise<void> {
  if (chain === undefined) return
  const state = airlock.getState()
  const network = networkForChain(state, chain)
  if (network === undefined) throw new ChainDisconnectedError({ details: `This site has no Solana network that is ${chain}` })
  if (namespaceNetwork(state, 'solana')?.caipNetworkId !== network.caipNetworkId) await airlock.switchNetwork(network.caipNetworkId)
}

/** `solana:signMessage`: each message signed by the connected account. */
export async function signMessages(airlock: AirlockInstance, inputs: readonly SolanaSignMessageInput[]): Promise<SolanaSignMessageOutput[]> {
  const outputs: SolanaSignMessageOutput[] = []
  for (const { account, message } of inputs) {
    const method = 'solana_signMessage'
    const answer = await providerFor(airlock, account).request({ method, params: { message: base58.encode(message), pubkey: account.address } })
    outputs.push({ signedMessage: message, signature: base58.decode(decodeSignature(method, answer)), signatureType: 'ed25519' })
  }
  return outputs
}

/** Where the signature of `address` goes in the wire transaction: the byte offset of its signer's slot. */
function signatureOffset(transaction: Uint8Array, address: string): number {
  const { signers } = readSigners(transaction)
  const slot = signers.indexOf(address)
  if (slot < 0) throw new UnauthorizedProviderError({ details: `${address} does not sign this transaction` })
  // The signatures follow their count, a compact-u16 of one byte below 128 signers, two below 16,384.
  return (signers.length < 0x80 ? 1 : 2) + 64 * slot
}

/** The transaction with the account's signature: the wallet's signed copy, or the input with the signature in its slot. */
function signedCopy(method: string, answer: unknown, transaction: Uint8Array, address: string): Uint8Array {
  const { signature, transaction: signed } = decodeSignedTransaction(method, answer)
  if (signed !== undefined) return base64.decode(signed)
  const copy = transaction.slice()
  copy.set(base58.decode(signature), signatureOffset(transaction, address))
  return copy
}

/** `solana_signAllTransactions`' answer: `{ transactions }`, each base64. */
const AllSigned = t.type({ transactions: t.array(Base64Codec) })

const isUnsupported = (error: unknown): boolean => {
  const code = errorCode(error)
  return code === ProviderErrorCode.UNSUPPORTED_METHOD || code === JsonRpcErrorCode.METHOD_NOT_FOUND
}

/** `solana:signTransaction`: several at once through `solana_signAllTransactions` where the wallet has it. */
export async function signTransactions(airlock: AirlockInstance, inputs: readonly SolanaSignTransactionInput[]): Promise<SolanaSignTransactionOutput[]> {
  for (const { chain } of inputs) await onChain(airlock, chain)
  const providers = inputs.map(({ account }) => providerFor(airlock, account))
  if (inputs.length > 1) {
    const method = 'solana_signAllTransactions'
    try {
      const answer = AllSigned.decode(
        await providers[0]!.request({ method, params: { transactions: inputs.map(({ transaction }) => base64.encode(transaction)) } }),
      )
      if (!isRight(answer) || answer.right.transactions.length !== inputs.length) {
        throw new WalletAnswerError({ method, answer: `something that is not ${inputs.length} signed transactions` })
      }
      return answer.right.transactions.map((signed) => ({ signedTransaction: base64.decode(signed) }))
    } catch (error) {
      if (!isUnsupported(error)) throw error
    }
  }
  const outputs: SolanaSignTransactionOutput[] = []
  for (const [i, { account, transaction }] of inputs.entries()) {
    const method = 'solana_signTransaction'
    const answer = await providers[i]!.request({ method, params: { transaction: base64.encode(transaction) } })
    outputs.push({ signedTransaction: signedCopy(method, answer, transaction, account.address) })
  }
  return outputs
}

/**
 * `solana:signAndSendTransaction`: sent by the wallet on the app's chain; a wallet that only signs
 * (4200 / -32601 for the method) signs, and the network's endpoint sends, as Airlock's own
 * transfers do.
 */
export async function signAndSendTransactions(
  airlock: AirlockInstance,
  inputs: readonly SolanaSignAndSendTransactionInput[],
): Promise<SolanaSignAndSendTransactionOutput[]> {
  const outputs: SolanaSignAndSendTransactionOutput[] = []
  for (const { account, chain, transaction, options } of inputs) {
    await onChain(airlock, chain)
    const provider = providerFor(airlock, account)
    const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = options ?? {}
    const sendOptions = Object.fromEntries(
      Object.entries({ skipPreflight, preflightCommitment, maxRetries, minContextSlot }).filter(([, v]) => v !== undefined),
    )
    const method = 'solana_signAndSendTransaction'
    let signature: string
    try {
      signature = decodeSignature(method, await provider.request({ method, params: { transaction: base64.encode(transaction), sendOptions } }))
    } catch (error) {
      if (!isUnsupported(error)) throw error
      signature = await signThenSend(airlock, provider, account.address, transaction, sendOptions)
    }
    outputs.push({ signature: base58.decode(signature) })
  }
  return outputs
}

async function signThenSend(
  airlock: AirlockInstance,
  provider: WalletProvider,
  address: string,
  transaction: Uint8Array,
  sendOptions: object,
): Promise<string> {
  const method = 'solana_signTransaction'
  const signed = signedCopy(method, await provider.request({ method, params: { transaction: base64.encode(transaction) } }), transaction, address)
  const state = airlock.getState()
  const network = namespaceNetwork(state, 'solana')
  const reader = network && chainReader(network, state, defaultDeps())
  if (!reader)
    throw new AirlockError('A chain reader is needed', { details: 'The wallet only signs, and the Solana network has no RPC endpoint to send through' })
  return decodeSentSignature(await reader.request('sendTransaction', [base64.encode(signed), { encoding: 'base64', ...sendOptions }]))
}
