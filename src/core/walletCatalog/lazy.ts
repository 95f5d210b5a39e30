/**
 * The wallet catalog's effects are a chunk of their own (./effects.ts), fetched at the first event
 * that needs them: the page idle after loading prepares the modal (MODAL_PREPARED), or a visitor
 * opens it, asks for a page or searches. Until then the page holds only this trigger (issue 27
 * §1: the first load holds what must listen from the start). The options the lists are made from
 * (OPTIONS_INITIALIZED, the first event of every instance) are kept and handed to the effects.
 * A chunk that did not arrive fails what waited for it as a failed request does (an opening's
 * lists, a page, a search; a preparing is asked again by the opening), and the next need fetches
 * it again.
 */
import type { Effect } from '../../kernel/module'
import { lazyEffects } from '../../kernel/lazyEffects'
import { createEvent } from '../../kernel/registry'
import { errorMessage } from '../../kernel/errors'
import type { PortDeps } from '../../ports/deps'
import type * as CatalogEffects from './effects'

/** The events that need the effects, each with the request a failed load fails. */
const NEEDS: Readonly<Record<string, 'lists' | 'page' | 'search' | null>> = {
  MODAL_OPEN: 'lists',
  MODAL_PREPARED: null,
  WALLET_PAGE_REQUESTED: 'page',
  WALLET_SEARCH_CHANGED: 'search',
}

/**
 * The trigger (see ../../kernel/lazyEffects).
 *
 * ```ts
 * effects: { catalog: walletCatalogEffects() }
 * ```
 */
export const walletCatalogEffects = (load: () => Promise<typeof CatalogEffects> = () => import('./effects')): Effect<PortDeps> =>
  lazyEffects<typeof CatalogEffects, PortDeps>({
    what: 'wallet catalog',
    needs: (event) => event.type in NEEDS,
    load,
    keep: (event) => event.type === 'OPTIONS_INITIALIZED',
    effect: (chunk, before) => chunk.catalogEffects(before),
    failure: (events, error) =>
      events.flatMap((event) => {
        const request = NEEDS[event.type]
        return request ? [createEvent('WALLET_CATALOG_FAILED', { message: errorMessage(error), request })] : []
      }),
  })
