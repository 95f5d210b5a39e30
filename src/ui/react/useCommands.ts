/**
 * `useCommands()`: the one way the modal's views (and plugins' views) act. Each command is named
 * for what the visitor did; the events it dispatches are computed in `src/core` from the state at
 * the command's turn in the queue. Views never dispatch raw events.
 */
import { useMemo } from 'react'
import type { AirlockInstance } from '../../core/instance'
import type { RouteData } from '../../events/router'
import type { WalletEntry, DeepLinkChoice } from '../../events/shapes/wallet'
import type { NotificationText, NotificationVariant } from '../../events/notification'
import type { ViewName } from '../../core/router/views'
import { closeModal, goBack, openAllWallets, pushView } from '../../core/router/commands'
import { chooseCatalogWallet, chooseConnectEntry } from '../../core/connect/commands'
import type { ConnectEntry } from '../../core/connect/entries'
import { pickNetwork } from '../../core/networks/pickNetwork'
import { changeWalletSearch, requestWalletPage } from '../../core/walletCatalog/commands'
import { requestNotification } from '../../core/notifications/commands'
import { runCommand, type ModuleCommands } from '../../core/contributions/commands'
import { selectContributions } from '../../core/contributions/selectors'
import { createEvent } from '../../kernel/registry'
import { ErrorCategory, errorMessage } from '../../kernel/errors'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'

/** The core's commands. */
export interface CoreCommands {
  /** Open the modal (on a view, waiting for a plugin that is still loading); a view no module registers is reported as VIEW_NOT_FOUND. */
  open(view?: ViewName, data?: RouteData): void
  /** Close the modal, unless closing is disabled (SPEC §2). */
  close(): void
  /** Go back; from the first view this closes the modal (SPEC §2). */
  back(): void
  /** Go to a view (ignored when it is the current one, SPEC §2). */
  push(view: ViewName, data?: RouteData): void
  openAllWallets(): void
  /** The visitor chose an entry of Connect. */
  chooseConnectEntry(entry: ConnectEntry): void
  /** The visitor chose a catalog wallet (All wallets). */
  chooseCatalogWallet(wallet: WalletEntry): void
  /** Connect (again) through a connector: a retry, or WalletConnect's pairing on arrival. */
  connect(connectorId: string): void
  /** Disconnect every namespace; the modal then shows Connect (the router's rule on CONNECTION_RESET). */
  disconnect(): void
  /** The visitor picked a network in a network list. */
  pickNetwork(caipNetworkId: string): void
  /** Show the banner with a text of the strings table (`{ key }`) or given words (`{ message }`). */
  notify(variant: NotificationVariant, text: NotificationText): void
  searchWallets(query: string): void
  requestWalletPage(page: number): void
  /** The visitor opened a wallet by one of its deep links (remembered for next time, SPEC §4). */
  chooseDeepLink(linking: DeepLinkChoice): void
  /** A plugin's view failed to load or render: reported as MODULE_ERROR of that plugin. */
  reportViewError(moduleId: string, view: string, error: unknown): void
}

/** The core's commands and every loaded plugin's, by module id. */
export type Commands = CoreCommands & ModuleCommands

const coreCache = new WeakMap<AirlockInstance, CoreCommands>()

/** The core's commands bound to one instance, created once so each function keeps its identity. */
function coreCommands(airlock: AirlockInstance): CoreCommands {
  const cached = coreCache.get(airlock)
  if (cached) return cached
  const ignore = () => undefined
  const commands: CoreCommands = {
    open: (view, data) => void airlock.open(view, data).catch(ignore),
    close: () => airlock.dispatch(closeModal),
    back: () => airlock.dispatch(goBack),
    push: (view, data) => airlock.dispatch((state) => pushView(state, view, data)),
    openAllWallets: () => airlock.dispatch(openAllWallets),
    chooseConnectEntry: (entry) => airlock.dispatch((state) => chooseConnectEntry(state, entry)),
    chooseCatalogWallet: (wallet) => airlock.dispatch((state) => chooseCatalogWallet(state, wallet)),
    // The views show the outcome from the events; the promise is for sites' own code.
    connect: (connectorId) => void airlock.connect(connectorId).catch(ignore),
    disconnect: () => void airlock.disconnect().catch(ignore),
    pickNetwork: (caipNetworkId) => airlock.dispatch((state) => pickNetwork(state, caipNetworkId)),
    notify: (variant, text) => airlock.dispatch(requestNotification(variant, text)),
    searchWallets: (query) => airlock.dispatch(changeWalletSearch(query)),
    requestWalletPage: (page) => airlock.dispatch(requestWalletPage(page)),
    chooseDeepLink: (linking) => airlock.dispatch(createEvent('WC_LINKING_SET', { linking })),
    reportViewError: (moduleId, view, error) =>
      airlock.dispatch(
        createEvent('MODULE_ERROR', { moduleId, hook: `view:${view}`, category: ErrorCategory.INTERNAL_SDK_ERROR, message: errorMessage(error) }),
      ),
  }
  coreCache.set(airlock, commands)
  return commands
}

/** Bind every loaded module's `commands` to the instance, by module id. */
function moduleCommands(airlock: AirlockInstance): Record<string, Record<string, (...args: unknown[]) => void>> {
  const bound: Record<string, Record<string, (...args: unknown[]) => void>> = {}
  for (const module of airlock.modules()) {
    if (!module.commands) continue
    bound[module.id] = Object.fromEntries(
      Object.entries(module.commands).map(([name, fn]) => [name, (...args: unknown[]) => airlock.dispatch(runCommand(fn, args))]),
    )
  }
  return bound
}

/**
 * The commands of the instance: the core's, and each loaded plugin's under its id (declared for
 * the compiler in `CommandRegistry`). The core's functions keep their identity for the instance's
 * life, so they can be effect dependencies.
 *
 * ```tsx
 * const { push, back } = useCommands()
 * <button onClick={() => push('SwitchNetwork')}>…</button>
 * ```
 */
export function useCommands(): Commands {
  const airlock = useAirlock()
  // Plugins come and go with PLUGIN_LOADED / PLUGIN_UNLOADED: rebind when they do.
  const contributions = useAirlockState(selectContributions)
  return useMemo(() => ({ ...moduleCommands(airlock), ...coreCommands(airlock) }) as Commands, [airlock, contributions])
}
