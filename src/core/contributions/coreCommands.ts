/**
 * The core's named commands: what the modal's views (and plugins' views) can ask for, each a
 * pure function of the state at its turn in the queue returning the events to dispatch. They are
 * the `commands` of the core's contributions module, so `useCommands()` binds them as it binds a
 * plugin's, and their code ships with the core rather than with each React entry.
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { moduleError } from '../../kernel/kernelEvents'
import type { RouteData } from '../../events/router'
import type { DeepLinkChoice, WalletEntry } from '../../events/shapes/wallet'
import type { NotificationText, NotificationVariant } from '../../events/notification'
import type { ViewName } from '../router/views'
import { closeModal, goBack, openAllWallets, pushView } from '../router/commands'
import { chooseCatalogWallet, chooseConnectEntry } from '../connect/commands'
import type { ConnectEntry } from '../connect/entrySelectors'
import { pickNetwork, switchActiveChain } from '../networks/pickNetwork'
import { changeWalletSearch, retryWalletCatalog, showMoreWallets } from '../walletCatalog/commands'
import { requestNotification } from '../notifications/commands'
import { chooseAccountTab } from '../account/commands'
import type { AccountTabRef } from '../../events/account'

/**
 * ```ts
 * kernel.dispatch((state) => coreCommands.push(state, 'SwitchNetwork'))
 * ```
 */
export const coreCommands = {
  /** Close the modal, unless closing is disabled (SPEC §2). */
  close: (state: RootState): AirlockEvent[] => closeModal(state),
  /** Go back; from the first view this closes the modal (SPEC §2). */
  back: (state: RootState): AirlockEvent[] => goBack(state),
  /** Go to a view (ignored when it is the current one, SPEC §2). */
  push: (state: RootState, view: ViewName, data?: RouteData): AirlockEvent[] => pushView(state, view, data),
  openAllWallets: (state: RootState): AirlockEvent[] => openAllWallets(state),
  /** The visitor chose an entry of Connect. */
  chooseConnectEntry: (state: RootState, entry: ConnectEntry): AirlockEvent[] => chooseConnectEntry(state, entry),
  /** The visitor chose a catalog wallet (All wallets). */
  chooseCatalogWallet: (state: RootState, wallet: WalletEntry): AirlockEvent[] => chooseCatalogWallet(state, wallet),
  /** Connect (again) through a connector: a retry, or WalletConnect's pairing on arrival. */
  connect: (_state: RootState, connectorId: string): AirlockEvent[] => [createEvent('CONNECT_REQUESTED', { connectorId })],
  /** Disconnect every namespace; the modal then shows Connect (the router's rule on CONNECTION_RESET). */
  disconnect: (_state: RootState): AirlockEvent[] => [createEvent('DISCONNECT_REQUESTED', { namespace: null })],
  /** Several wallets at once (issue 28 §2): make another wallet connected in the active namespace the active one. */
  switchWallet: (state: RootState, connectorId: string): AirlockEvent[] => {
    const namespace = state.networks.activeNamespace
    return namespace ? [createEvent('CONNECTION_SWITCH_REQUESTED', { namespace, connectorId })] : []
  },
  /** Disconnect one wallet of the active namespace; the others stay (the last one: the namespace's disconnect). */
  disconnectWallet: (state: RootState, connectorId: string): AirlockEvent[] => [
    createEvent('DISCONNECT_REQUESTED', { namespace: state.networks.activeNamespace, connectorId }),
  ],
  /** The visitor chose a tab of the Account view; it stays chosen while the namespace offers it. */
  chooseAccountTab: (state: RootState, tab: AccountTabRef): AirlockEvent[] => chooseAccountTab(state, tab),
  /** The visitor picked a network in a network list. */
  pickNetwork: (state: RootState, caipNetworkId: string): AirlockEvent[] => pickNetwork(state, caipNetworkId),
  /** SwitchActiveChain's button: switch to its network, then connect there. */
  switchActiveChain: (state: RootState): AirlockEvent[] => switchActiveChain(state),
  /** Show the banner: a text of the strings table (`{ key }`) or given words (`{ message }`). */
  notify: (_state: RootState, variant: NotificationVariant, text: NotificationText): AirlockEvent[] => [requestNotification(variant, text)],
  searchWallets: (_state: RootState, query: string): AirlockEvent[] => [changeWalletSearch(query)],
  /** The All wallets list reached its end: the catalog decides whether a next page loads. */
  showMoreWallets: (state: RootState): AirlockEvent[] => showMoreWallets(state),
  /** The visitor's retry after the catalog failed. */
  retryWalletCatalog: (state: RootState): AirlockEvent[] => retryWalletCatalog(state),
  /** The visitor opened a wallet by one of its deep links (remembered for next time, SPEC §4). */
  chooseDeepLink: (_state: RootState, linking: DeepLinkChoice): AirlockEvent[] => [createEvent('DEEP_LINK_CHOSEN', { linking })],
  /** A plugin's view failed to load or render: reported as MODULE_ERROR of that plugin. */
  reportViewError: (_state: RootState, moduleId: string, view: string, error: unknown): AirlockEvent[] => [moduleError(moduleId, `view:${view}`, error)],
}
