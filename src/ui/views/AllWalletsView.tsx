/**
 * All wallets: the catalog (the config API's /getWallets, or the bundled one), paged 40 at a time
 * as the visitor scrolls, searchable (the search waits at least 300 ms: SPEC §9), in a virtualised
 * list (CatalogList, a chunk of its own with the virtualiser). When pages load is the catalog's decision
 * (src/core/walletCatalog/commands.ts): the view says where the visitor is and offers a retry
 * after a failure.
 */
import { useChunk, chunk } from '../react/useChunk'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import type { WalletEntry } from '../../events/shapes/wallet'
import { useStrings } from '../components/useStrings'
import type * as CatalogListChunk from './CatalogList'

/** A row's height, px: the list's too, so its box has its height before the chunk is in. */
const ROW_HEIGHT = 58

/**
 * The virtualised list and the virtualiser: a chunk of their own (issue 27 §1), fetched when the
 * open modal is first idle (ModalRoot) or when this view shows, whichever comes first.
 */
export const catalogList = chunk<typeof CatalogListChunk>(() => import('./CatalogList'))

export function AllWalletsView() {
  const { showMoreWallets, retryWalletCatalog, searchWallets, chooseCatalogWallet } = useCommands()
  const strings = useStrings()
  const catalog = useAirlockState((s) => s.walletCatalog)
  const options = useAirlockState((s) => s.options.resolved)
  const searching = catalog.searchQuery !== ''
  const wallets: readonly WalletEntry[] = searching ? catalog.search : catalog.filteredWallets
  const failed = searching ? catalog.searchError !== null && wallets.length === 0 : catalog.pageError !== null
  const list = useChunk(catalogList)

  return (
    <div className="body">
      <label className="visually-hidden" htmlFor="al-search">
        {strings.searchWallets}
      </label>
      <input
        id="al-search"
        className="search"
        type="search"
        placeholder={strings.searchWallets}
        autoComplete="off"
        defaultValue={catalog.searchQuery}
        onChange={(event) => searchWallets(event.currentTarget.value.trim())}
      />
      <p className="visually-hidden" role="status">
        {catalog.loading ? strings.loading : searching && wallets.length === 0 ? strings.noWalletsFound : ''}
      </p>
      {failed ? (
        <div className="center">
          <p className="error">{strings.loadFailed}</p>
          <button type="button" className="secondary" onClick={retryWalletCatalog}>
            {strings.retry}
          </button>
        </div>
      ) : searching && wallets.length === 0 && !catalog.loading ? (
        <p className="center muted">{strings.noWalletsFound}</p>
      ) : null}
      {list.module ? (
        <list.module.CatalogList
          wallets={wallets}
          rowHeight={ROW_HEIGHT}
          label={strings.titles.AllWallets}
          trustedBase={options?.apiUrls.config ?? undefined}
          choose={chooseCatalogWallet}
          nearEnd={showMoreWallets}
        />
      ) : list.failed ? (
        <div className="center">
          <p className="error" role="alert">
            {strings.viewLoadFailed}
          </p>
          <button type="button" className="secondary" onClick={list.retry}>
            {strings.retry}
          </button>
        </div>
      ) : (
        // Until its chunk is in: the list's box at the height it will have, empty, so nothing moves when the rows come.
        <div className="scroller">
          <ul
            className="list"
            aria-label={strings.titles.AllWallets}
            aria-busy="true"
            style={{ height: wallets.length * ROW_HEIGHT, position: 'relative', display: 'block' }}
          />
        </div>
      )}
    </div>
  )
}
