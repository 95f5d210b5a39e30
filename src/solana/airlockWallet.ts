/**
 * Airlock's Solana connection as a Wallet Standard wallet: `standard:connect` (./connect.ts),
 * `standard:disconnect`, `standard:events` (a change of the account or of the chains, read from
 * the instance's state), and the Solana features (./signing.ts), delegated to whatever Airlock
 * connected on Solana. It carries AIRLOCK_WALLET_FEATURE, so Airlock's own discovery never lists
 * it (src/connectors/walletStandard/ownWallet.ts).
 */
import type { Wallet, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
  StandardEventsListeners,
  StandardEventsNames,
} from '@wallet-standard/features'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { Subscription } from 'rxjs'
import type { AirlockInstance } from '../ports/instance'
import { AIRLOCK_WALLET_FEATURE } from '../connectors/walletStandard/ownWallet'
import { connectSolana } from './connect'
import { signAndSendTransactions, signMessages, signTransactions } from './signing'
import { walletView, type WalletView } from './walletState'

/** Transactions the features take: legacy and version 0, as the wallets Airlock connects sign them. */
const TRANSACTION_VERSIONS = Object.freeze(['legacy', 0] as const)

/**
 * The wallet object apps see.
 *
 * ```ts
 * const wallet = airlockWallet(airlock, { name: 'Airlock', icon: AIRLOCK_ICON })
 * await wallet.features['standard:connect'].connect() // opens Airlock's modal on Solana
 * ```
 */
export function airlockWallet(airlock: AirlockInstance, { name, icon }: { readonly name: string; readonly icon: WalletIcon }): Wallet {
  const view = walletView()
  const read = (): WalletView => view(airlock.getState())
  const listeners = new Set<StandardEventsListeners['change']>()
  let following: Subscription | undefined
  let shown = read()

  /** Tell the listeners what changed since they were last told. */
  const changed = (next: WalletView): void => {
    const properties: StandardEventsChangeProperties = {
      ...(next.chains !== shown.chains ? { chains: next.chains } : {}),
      ...(next.accounts !== shown.accounts ? { accounts: next.accounts } : {}),
    }
    shown = next
    if (Object.keys(properties).length === 0) return
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch {
        // One app's listener failing does not keep the others from hearing.
      }
    }
  }

  const features: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    Record<typeof AIRLOCK_WALLET_FEATURE, { readonly version: '1.0.0' }> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { readonly silent?: boolean }) {
        await connectSolana(airlock, { silent: input?.silent === true })
        return { accounts: read().accounts }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        if (airlock.getState().connection.connectedNamespaces.includes('solana')) await airlock.disconnect('solana')
      },
    },
    'standard:events': {
      version: '1.0.0',
      on<E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): () => void {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        // The state is followed while anyone listens.
        if (!following) {
          shown = read()
          following = airlock.state$.subscribe(() => changed(read()))
        }
        return () => {
          listeners.delete(listener)
          if (listeners.size === 0) {
            following?.unsubscribe()
            following = undefined
          }
        }
      },
    },
    'solana:signMessage': { version: '1.1.0', signMessage: (...inputs) => signMessages(airlock, inputs) },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      signTransaction: (...inputs) => signTransactions(airlock, inputs),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      signAndSendTransaction: (...inputs) => signAndSendTransactions(airlock, inputs),
    },
    [AIRLOCK_WALLET_FEATURE]: { version: '1.0.0' },
  }

  return {
    version: '1.0.0',
    name,
    icon,
    get chains() {
      return read().chains
    },
    features,
    get accounts() {
      return read().accounts
    },
  }
}
