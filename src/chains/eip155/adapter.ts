/**
 * The eip155 chain adapter (viem for checksums, hex and units). Loaded lazily: the first connect
 * or reconnect of an EVM wallet fetches it.
 */
import { getAddress, isAddress, numberToHex, stringToHex } from 'viem'
import { errorCode, UNRECOGNIZED_CHAIN_CODE, type ChainAdapter, type WalletEventHandlers, type WalletProvider } from '../adapter'
import type { CaipNetwork } from '../../events/shapes/network'
import { addChainParams, evmChainId } from './addChainParams'
import { decodeAccounts, decodeCapabilities, decodeChainId, decodeQuantity, decodeSignature, decodeTransactionHash } from './decode'
import { EIP155_EVENTS, EIP155_METHODS } from './methods'
import { rpcTransaction } from './transaction'
import { typedDataJson } from './typedData'
import { UnauthorizedProviderError } from '../../kernel/errors/provider'

async function chainReference(provider: WalletProvider): Promise<string> {
  return decodeChainId('eth_chainId', await provider.request({ method: 'eth_chainId' }))
}

/** The error code of a failed switch, also where a wallet wraps it (MetaMask mobile puts it in data.originalError). */
function switchErrorCode(error: unknown): number | undefined {
  const code = errorCode(error)
  if (code !== undefined) return code
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: { originalError?: unknown } }).data
    return errorCode(data?.originalError)
  }
  return undefined
}

async function switchOrAdd(provider: WalletProvider, network: CaipNetwork): Promise<void> {
  const chainId = numberToHex(evmChainId(network))
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    // 4902: the wallet does not know the chain. Add it (SPEC §7), which also switches in most
    // wallets; switch again for those that only add.
    if (switchErrorCode(error) !== UNRECOGNIZED_CHAIN_CODE) throw error
    await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(network)] })
    const now = await chainReference(provider)
    if (now !== String(evmChainId(network))) {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    }
  }
}

function subscribe(provider: WalletProvider, handlers: WalletEventHandlers): () => void {
  if (typeof provider.on !== 'function') return () => undefined
  const onAccounts = (accounts: unknown): void => {
    try {
      handlers.accountsChanged(decodeAccounts('accountsChanged', accounts).map((a) => getAddress(a)))
    } catch {
      // A malformed event is ignored: the state stays as it was.
    }
  }
  const onChain = (chainId: unknown): void => {
    try {
      handlers.chainChanged(decodeChainId('chainChanged', chainId))
    } catch {
      // Ignored, as above.
    }
  }
  const onDisconnect = (): void => handlers.disconnect()
  const listeners: [string, (value: never) => void][] = [
    ['accountsChanged', onAccounts],
    ['chainChanged', onChain],
    ['disconnect', onDisconnect],
  ]
  for (const [event, listener] of listeners) provider.on(event, listener)
  return () => {
    for (const [event, listener] of listeners) provider.removeListener?.(event, listener)
  }
}

export const eip155Adapter: ChainAdapter = {
  namespace: 'eip155',
  methods: EIP155_METHODS,
  events: EIP155_EVENTS,
  isAddress: (address) => isAddress(address, { strict: false }),
  formatAddress: (address) => getAddress(address),

  async connect(provider) {
    const accounts = decodeAccounts('eth_requestAccounts', await provider.request({ method: 'eth_requestAccounts' }))
    if (accounts.length === 0) throw new UnauthorizedProviderError({ details: 'The wallet returned no account' })
    return { addresses: accounts.map((a) => getAddress(a)), chainReference: await chainReference(provider) }
  },

  async restore(provider) {
    const accounts = decodeAccounts('eth_accounts', await provider.request({ method: 'eth_accounts' }))
    if (accounts.length === 0) return null
    return { addresses: accounts.map((a) => getAddress(a)), chainReference: await chainReference(provider) }
  },

  switchNetwork: switchOrAdd,

  async disconnect(provider) {
    // EIP-2255: revoke the account permission, so the next connect asks again. Many wallets do
    // not know the method (4200, -32601) or refuse it; the site forgets the connection either
    // way, so only a wallet that never answers fails a disconnect (the 3 s wait of SPEC §4).
    try {
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    } catch {
      // Best effort, as above.
    }
  },

  async signMessage(provider, address, message) {
    return decodeSignature('personal_sign', await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] }))
  },

  async sendTransaction(provider, address, transaction) {
    return decodeTransactionHash(
      'eth_sendTransaction',
      await provider.request({ method: 'eth_sendTransaction', params: [rpcTransaction(address, transaction)] }),
    )
  },

  async signTypedData(provider, address, typedData) {
    // EIP-712 v4: the address first, then the typed data as a JSON string.
    return decodeSignature('eth_signTypedData_v4', await provider.request({ method: 'eth_signTypedData_v4', params: [address, typedDataJson(typedData)] }))
  },

  async getCapabilities(provider, address) {
    return decodeCapabilities('wallet_getCapabilities', await provider.request({ method: 'wallet_getCapabilities', params: [address] }))
  },

  async sendNativeTransfer(provider, transfer) {
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: transfer.from, to: getAddress(transfer.to), value: numberToHex(transfer.amount), chainId: numberToHex(evmChainId(transfer.network)) }],
    })
    return decodeTransactionHash('eth_sendTransaction', hash)
  },

  // Token transfers and fees load their chunk (the ABI encoder) at the first use.
  sendTransfer: async (provider, transfer) => (await import('./transfer')).sendEvmTransfer(provider, transfer),
  estimateTransferFee: async (provider, transfer) => (await import('./transfer')).estimateEvmTransferFee(provider, transfer),
  waitForTransaction: async (provider, hash, _network, reader) => (await import('./transfer')).waitForEvmTransaction(provider, hash, reader),

  async getBalance(reader, address, network) {
    const value = decodeQuantity('eth_getBalance', await reader.request('eth_getBalance', [address, 'latest']))
    return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
  },

  subscribe,
}
