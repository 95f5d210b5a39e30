/**
 * The UnsupportedChain view (SPEC §2) opens by itself when a connected wallet is on a network the
 * site did not request (and the rule's other conditions hold), and closes when that ends. The
 * opening and closing are commands: their `connected` is read, and the condition checked again,
 * on the state at their turn (a CONNECT_SUCCESS may be queued before them).
 */
import { distinctUntilChanged, map, mergeMap, pairwise, startWith } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import type { RootState } from '../../kernel/registry'
import { selectShowUnsupportedChain } from '../../core/networks/selectors'
import { closeModal, openModal } from '../../core/router/commands'

const showUnsupported = selectShowUnsupportedChain(false)

function connectedOnUnsupported(state: RootState): boolean {
  const namespace = state.networks.activeNamespace
  return namespace !== null && state.connection.connectedNamespaces.includes(namespace) && showUnsupported(state)
}

const openUnsupported: Command = (root) => (connectedOnUnsupported(root) ? openModal(root, { view: 'UnsupportedChain' }) : [])

const closeUnsupported: Command = (root) => {
  const view = root.router.history[root.router.history.length - 1]?.view
  return !connectedOnUnsupported(root) && root.router.open && view === 'UnsupportedChain' ? closeModal(root) : []
}

export const unsupportedChainView: Effect = (_events$, state$) =>
  state$.pipe(
    map((state) => ({ state, unsupported: connectedOnUnsupported(state) })),
    distinctUntilChanged((a, b) => a.unsupported === b.unsupported),
    startWith({ state: undefined, unsupported: false }),
    pairwise(),
    mergeMap(([, { state, unsupported }]): Command[] => {
      if (!state) return []
      return [unsupported ? openUnsupported : closeUnsupported]
    }),
  )
