/**
 * All wallets' list: the catalog's wallets in a virtualised list, so a catalog of hundreds renders
 * only the rows in view (each memoised on its wallet; a row that comes into view while the list
 * scrolls shows its icon once the scroll settles, unless the icon was shown before:
 * imageAfterScroll). Near the end of what is loaded it asks the catalog for more. A chunk of its
 * own with the virtualiser (AllWalletsView fetches it), so Connect's first frame does not wait for
 * it (issue 27 §1).
 */
import { memo, useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { WalletEntry } from '../../events/shapes/wallet'
import { ListItem } from '../components/ListItem'
import { WalletImage } from '../components/WalletImage'
import { walletImageUrl } from './walletImageUrl'
import { imageAfterScroll } from '../react/imageAfterScroll'
import { observeListScroll } from '../react/observeListScroll'

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

export interface CatalogListProps {
  readonly wallets: readonly WalletEntry[]
  /** A row's height, px (AllWalletsView's, which sizes the list's box before this chunk is in). */
  readonly rowHeight: number
  /** The list's accessible name. */
  readonly label: string | undefined
  readonly trustedBase: string | undefined
  readonly choose: (wallet: WalletEntry) => void
  /** Near the end of what is loaded: the catalog decides whether a next page loads. */
  readonly nearEnd: () => void
}

export function CatalogList(props: CatalogListProps) {
  const { wallets, nearEnd: showMore } = props
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: wallets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => props.rowHeight,
    overscan: 6,
    observeElementOffset: observeListScroll,
    // A scroll step's rows render as a React transition (observeListScroll), sliced between frames, not in the scroll event.
    useFlushSync: false,
  })
  const items = virtualizer.getVirtualItems()
  const last = items[items.length - 1]
  const nearEnd = last !== undefined && last.index >= wallets.length - 8
  useEffect(() => {
    if (nearEnd) showMore()
  }, [showMore, nearEnd, wallets.length])

  return (
    <div className="scroller" ref={scroller}>
      <ul
        className="list"
        aria-label={props.label}
        data-scrolling={virtualizer.isScrolling}
        style={{ height: virtualizer.getTotalSize(), position: 'relative', display: 'block' }}
      >
        {items.map((row) => {
          const wallet = wallets[row.index]
          if (!wallet) return null
          return (
            <li key={wallet.id} className="virtual-row" style={{ transform: `translateY(${row.start}px)` }}>
              <CatalogRow wallet={wallet} scrolling={virtualizer.isScrolling} trustedBase={props.trustedBase} choose={props.choose} />
            </li>
          )
        })}
      </ul>
    </div>
  )
}
