/**
 * All wallets: the catalog (the config API's /getWallets, or the bundled one), paged 40 at a time
 * as the visitor scrolls, searchable (the search waits at least 300 ms: SPEC §9), in a virtualised
 * list so a catalog of hundreds renders only the rows in view (each memoised on its wallet; a row
 * that comes into view while the list scrolls shows its icon once the scroll settles, unless the
 * icon was shown before: imageAfterScroll). When pages load is the catalog's decision
 * (src/core/walletCatalog/commands.ts): the view says where the visitor is and offers a retry
 * after a failure.
 */
import { memo, useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import type { WalletEntry } from '../../events/shapes/wallet'
import { ListItem } from '../components/ListItem'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { walletImageUrl } from './walletImageUrl'
import { imageAfterScroll } from '../react/imageAfterScroll'
import { observeListScroll } from '../react/observeListScroll'

const ROW_HEIGHT = 58

const CatalogRow = memo(function CatalogRow(props: {
  readonly wallet: WalletEntry
  readonly scrolling: boolean
  readonly trustedBase: string | undefined
  readonly choose: (wallet: WalletEntry) => void
}) {
  const { wallet } = props
  return (
    <ListItem
      name={wallet.name}
      image={<WalletImage name={wallet.name} src={imageAfterScroll(walletImageUrl(wallet), props.scrolling)} trustedBase={props.trustedBase} />}
      onSelect={() => props.choose(wallet)}
    />
  )
})

export function AllWalletsView() {
  const { showMoreWallets, retryWalletCatalog, searchWallets, chooseCatalogWallet } = useCommands()
  const strings = useStrings()
  const catalog = useAirlockState((s) => s.walletCatalog)
  const options = useAirlockState((s) => s.options.resolved)
  const scroller = useRef<HTMLDivElement>(null)
  const searching = catalog.searchQuery !== ''
  const wallets: readonly WalletEntry[] = searching ? catalog.search : catalog.filteredWallets
  const failed = searching ? catalog.searchError !== null && wallets.length === 0 : catalog.pageError !== null

  const virtualizer = useVirtualizer({
    count: wallets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    observeElementOffset: observeListScroll,
  })
  const items = virtualizer.getVirtualItems()
  const last = items[items.length - 1]
  const nearEnd = last !== undefined && last.index >= wallets.length - 8
  useEffect(() => {
    // Near the end of what is loaded: the catalog decides whether a next page loads.
    if (nearEnd) showMoreWallets()
  }, [showMoreWallets, nearEnd, wallets.length])

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
      <div className="scroller" ref={scroller}>
        <ul
          className="list"
          aria-label={strings.titles.AllWallets}
          data-scrolling={virtualizer.isScrolling}
          style={{ height: virtualizer.getTotalSize(), position: 'relative', display: 'block' }}
        >
          {items.map((row) => {
            const wallet = wallets[row.index]
            if (!wallet) return null
            return (
              <li key={wallet.id} className="virtual-row" style={{ transform: `translateY(${row.start}px)` }}>
                <CatalogRow
                  wallet={wallet}
                  scrolling={virtualizer.isScrolling}
                  trustedBase={options?.apiUrls.config ?? undefined}
                  choose={chooseCatalogWallet}
                />
              </li>
            )
          })}
        </ul>
      </div>
    </div>
  )
}
