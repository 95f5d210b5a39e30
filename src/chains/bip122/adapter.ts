/**
 * The bip122 (Bitcoin) chain adapter. It speaks WalletConnect's bip122 JSON-RPC methods
 * (getAccountAddresses, signMessage, signPsbt, sendTransfer) and the page-local
 * airlock_requestAccounts / airlock_setChain / airlock_disconnect, so one adapter serves relay
 * sessions, sats-connect style providers (src/connectors/bitcoinProviders.ts) and Wallet Standard
 * Bitcoin wallets (src/connectors/walletStandard/bitcoin.ts). The wallet builds and signs
 * transactions; the adapter only checks addresses (with their checksums) and reads balances from
 * an Esplora indexer, so no Bitcoin library ships with it. Loaded lazily, like every adapter.
 */
import { DISCONNECT_METHOD, SET_CHAIN_METHOD, type ChainAdapter, type WalletEventHandlers, type WalletProvider, type WalletSession } from '../adapter'
import type { CaipNetwork } from '../../events/shapes/network'
import type { AccountType } from '../../events/shapes/namespace'
import { NetworkNotFoundError } from '../../kernel/errors/lookup'
import { InvalidOptionsError } from '../../kernel/errors/options'
import { SwitchChainError, UnauthorizedProviderError, WalletAnswerError } from '../../kernel/errors/provider'
import { BIP122_REFERENCES, bitcoinNetworkOf, decodeBitcoinAddress, formatBitcoinAddress, isBitcoinAddressOf, type BitcoinNetwork } from './address'
import { decodeEsploraBalance, decodeSignature, decodeSignedPsbt, decodeTransfer, decodeWalletAddresses, type WalletAddress } from './decode'
import { BIP122_EVENTS, BIP122_METHODS } from './methods'

/** The page-local connect call: like getAccountAddresses, but the wallet may prompt (a relay session's approval was its prompt). */
const REQUEST_ACCOUNTS_METHOD = 'airlock_requestAccounts'
const INTENTIONS = ['payment', 'ordinal'] as const
/** Satoshis: the unit of every amount here, 8 decimals to a bitcoin. */
const DECIMALS = 8

/** The address kind of a bip122 network; a network this adapter does not know is refused. */
function kindOf(network: CaipNetwork): BitcoinNetwork {
  const kind = bitcoinNetworkOf(network.caipNetworkId)
  if (kind === undefined) {
    throw new NetworkNotFoundError({
      caipNetworkId: network.caipNetworkId,
      details: `${network.caipNetworkId} is not a Bitcoin network this adapter knows (mainnet, testnet, testnet4, signet or regtest)`,
    })
  }
  return kind
}

const referenceOf = (network: CaipNetwork): string => network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1)

async function setChain(provider: WalletProvider, network: CaipNetwork): Promise<void> {
  kindOf(network)
  await provider.request({ method: SET_CHAIN_METHOD, params: [network.caipNetworkId] })
}

/**
 * The usable addresses of a wallet's answer, payment first (SPEC §9: bip122's default account
 * type is payment; an address without an intention is a payment address), each once, in their
 * canonical form. Without a network, the first address that decodes decides the kind.
 */
function ordered(
  entries: readonly WalletAddress[],
  kind: BitcoinNetwork | undefined,
): { addresses: string[]; accountTypes: AccountType[]; kind?: BitcoinNetwork } {
  const decodedKind = kind ?? entries.map((e) => decodeBitcoinAddress(e.address)?.network).find((k) => k !== undefined)
  if (decodedKind === undefined) return { addresses: [], accountTypes: [] }
  const usable = entries.filter((e) => isBitcoinAddressOf(e.address, decodedKind))
  const sorted = [...usable.filter((e) => e.intention !== 'ordinal'), ...usable.filter((e) => e.intention === 'ordinal')]
  const addresses: string[] = []
  const accountTypes: AccountType[] = []
  for (const entry of sorted) {
    const address = formatBitcoinAddress(entry.address)
    if (addresses.includes(address)) continue
    addresses.push(address)
    accountTypes.push(entry.intention ?? 'payment')
  }
  return { addresses, accountTypes, kind: decodedKind }
}

function session(entries: readonly WalletAddress[], network: CaipNetwork | undefined): WalletSession | null {
  const { addresses, accountTypes, kind } = ordered(entries, network ? kindOf(network) : undefined)
  if (addresses.length === 0 || kind === undefined) return null
  return { addresses, accountTypes, chainReference: network ? referenceOf(network) : BIP122_REFERENCES[kind] }
}

async function accountAddresses(provider: WalletProvider): Promise<WalletAddress[]> {
  const method = 'getAccountAddresses'
  return decodeWalletAddresses(method, await provider.request({ method, params: { intentions: INTENTIONS } }))
}

/** A recipient or an address to read, checked against the network before it goes anywhere. */
function addressOn(address: string, network: CaipNetwork, what: string): string {
  const kind = kindOf(network)
  if (!isBitcoinAddressOf(address, kind)) throw new InvalidOptionsError(`Invalid ${what}: not a ${kind} Bitcoin address`, { details: address.slice(0, 100) })
  return formatBitcoinAddress(address)
}

function subscribe(provider: WalletProvider, handlers: WalletEventHandlers): () => void {
  if (typeof provider.on !== 'function') return () => undefined
  const onAddresses = (value: unknown): void => {
    try {
      const { addresses, accountTypes } = ordered(decodeWalletAddresses('bip122_addressesChanged', value), undefined)
      handlers.accountsChanged(addresses, accountTypes)
    } catch {
      // A malformed event is ignored: the state stays as it was.
    }
  }
  const onDisconnect = (): void => handlers.disconnect()
  const listeners: [string, (value: never) => void][] = [
    ['bip122_addressesChanged', onAddresses],
    ['disconnect', onDisconnect],
  ]
  for (const [event, listener] of listeners) provider.on(event, listener)
  return () => {
    for (const [event, listener] of listeners) provider.removeListener?.(event, listener)
  }
}

export const bip122Adapter: ChainAdapter = {
  namespace: 'bip122',
  methods: BIP122_METHODS,
  events: BIP122_EVENTS,
  isAddress: (address) => decodeBitcoinAddress(address) !== undefined,
  formatAddress: formatBitcoinAddress,

  async connect(provider, network) {
    if (network) await setChain(provider, network)
    const entries = decodeWalletAddresses(
      REQUEST_ACCOUNTS_METHOD,
      await provider.request({ method: REQUEST_ACCOUNTS_METHOD, params: { intentions: INTENTIONS } }),
    )
    const connected = session(entries, network)
    if (connected) return connected
    const details =
      entries.length === 0
        ? 'The wallet returned no address'
        : `The wallet returned no ${network ? kindOf(network) : 'Bitcoin'} address (${entries.length} address${entries.length === 1 ? '' : 'es'} of another network or malformed)`
    throw new UnauthorizedProviderError({ details })
  },

  async restore(provider, network) {
    if (network) await setChain(provider, network)
    return session(await accountAddresses(provider), network)
  },

  async switchNetwork(provider, network) {
    const kind = kindOf(network)
    await setChain(provider, network)
    // The core keeps the connected address across a switch; a Bitcoin address belongs to one
    // network kind, so a wallet that shows addresses, none of them of the new kind, cannot switch.
    const entries = await accountAddresses(provider)
    if (entries.length > 0 && !entries.some((e) => isBitcoinAddressOf(e.address, kind))) {
      throw new SwitchChainError({ details: `The wallet has no ${kind} address` })
    }
  },

  async disconnect(provider) {
    try {
      await provider.request({ method: DISCONNECT_METHOD })
    } catch {
      // Best effort: the site forgets the connection either way.
    }
  },

  async signMessage(provider, address, message) {
    const answer = await provider.request({ method: 'signMessage', params: { account: address, address, message, protocol: 'bip322' } })
    return decodeSignature('signMessage', answer)
  },

  async signPsbt(provider, address, psbtBase64, signInputs, broadcast = false) {
    const method = 'signPsbt'
    const params = {
      account: address,
      psbt: psbtBase64,
      signInputs: signInputs.map(({ address: input, index, sighashTypes }) => ({
        address: input,
        index,
        ...(sighashTypes ? { sighashTypes: [...sighashTypes] } : {}),
      })),
      broadcast,
    }
    const signed = decodeSignedPsbt(method, await provider.request({ method, params }))
    if (broadcast && signed.txid === undefined) throw new WalletAnswerError({ method, answer: 'no transaction id, though it was asked to broadcast' })
    return signed
  },

  async sendNativeTransfer(provider, transfer) {
    const recipientAddress = addressOn(transfer.to, transfer.network, 'recipient')
    if (transfer.amount <= 0n) throw new InvalidOptionsError('Invalid amount: a transfer sends at least one satoshi', { details: transfer.amount.toString() })
    await setChain(provider, transfer.network)
    const answer = await provider.request({
      method: 'sendTransfer',
      params: { account: transfer.from, recipientAddress, amount: transfer.amount.toString() },
    })
    return decodeTransfer('sendTransfer', answer)
  },

  async getBalance(reader, address, network) {
    const path = `/address/${encodeURIComponent(addressOn(address, network, 'address'))}`
    return { value: decodeEsploraBalance(path, await reader.get(path)), decimals: DECIMALS, symbol: network.nativeCurrency.symbol }
  },

  subscribe,
}
