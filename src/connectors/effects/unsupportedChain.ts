/**
 * The UnsupportedChain view (SPEC §2) opens by itself when a connected wallet is on a network the
 * site did not request (and the rule's other conditions hold), and closes when that ends.
 */
import { distinctUntilChanged, map, mergeMap, pairwise, startWith } from 'rxjs'
import type { Effect } from '../../kernel/module'
import type { AirlockEvent, RootState } from '../../kernel/registry'
import { selectShowUnsupportedChain } from '../../core/networks/selectors'
import { closeModal, openModal } from '../../core/router/commands'

const showUnsupported = selectShowUnsupportedChain(false)

function connectedOnUnsupported(state: RootState): boolean {
  const namespace = state.networks.activeNamespace
  return namespace !== null && state.connection.connectedNamespaces.includes(namespace) && showUnsupported(state)
}

export const unsupportedChainView: Effect = (_events$, state$) =>
  state$.pipe(
    map((state) => ({ state, unsupported: connectedOnUnsupported(state) })),
    distinctUntilChanged((a, b) => a.unsupported === b.unsupported),
    startWith({ state: undefined, unsupported: false }),
    pairwise(),
    mergeMap(([, { state, unsupported }]): AirlockEvent[] => {
      if (!state) return []
      if (unsupported) return openModal(state, { view: 'UnsupportedChain' })
      const view = state.router.history[state.router.history.length - 1]?.view
      return state.router.open && view === 'UnsupportedChain' ? closeModal(state) : []
    }),
  )
