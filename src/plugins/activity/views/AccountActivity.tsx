/**
 * The Activity tab: the active account's transactions, a header for each month ("November 2026",
 * in the modal's locale), newest first. The list is virtualised, so a thousand transactions
 * scroll as a screenful; nearing its end loads the next page (one request at a time), as does the
 * "Load more" button for keyboards. A row that comes into view while the list scrolls shows its
 * icon once the scroll settles, unless the icon was shown before (imageAfterScroll). Failure shows
 * "Failed to fetch transactions" (SPEC §7).
 */
import { useEffect, useMemo, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { observeListScroll, useAirlockState, useCommands, useLocale, useModuleStrings, useNow } from 'airlock/plugin'
import { selectActivityView, type ActivityRow } from '../selectors'
import { TransactionRow } from './TransactionRow'

// The rows' heights (a month header 29 px, a transaction 58 px with its 6 px gap), set on each row
// so the virtualiser places them without measuring: measuring each row that came into view (its
// ResizeObserver, ref and attribute read) was 0.38 of 2.28 s of the main thread's sampled time in a
// wheel scroll of 1,000 items (12,000 px at 1,200 px/s).
const MONTH_HEIGHT = 29
const ITEM_HEIGHT = 58
/** Rows from the end at which the next page is asked for. */
const NEAR_END = 5

/** "November 2026" in `locale`, else en-US; UTC, as the history is grouped. */
function monthFormat(locale: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' }
  try {
    return new Intl.DateTimeFormat(locale, options)
  } catch {
    return new Intl.DateTimeFormat('en-US', options)
  }
}

/** Relative times are told from the instance's clock, read again every 30 s (rows re-render then, not on each scroll frame). */
const CLOCK_PERIOD_MS = 30_000

export default function AccountActivity() {
  const now = useNow(CLOCK_PERIOD_MS)
  const t = useModuleStrings('activity')
  const { loadMore, retry } = useCommands().activity
  const view = useAirlockState(selectActivityView)
  const locale = useLocale()
  const months = useMemo(() => monthFormat(locale), [locale])
  const scroller = useRef<HTMLDivElement>(null)
  const { rows } = view
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'month' ? MONTH_HEIGHT : ITEM_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    // Rows on the first render too (and on the server), before the scroller is measured.
    initialRect: { width: 360, height: 360 },
    overscan: 8,
    // Scrolling until the scroll has ended (scrollend), not until a main-thread stall of 150 ms: rows' icons wait for it.
    observeElementOffset: observeListScroll,
    // A scroll step's rows render as a React transition (observeListScroll), sliced between frames, not in the scroll event.
    useFlushSync: false,
  })
  const visible = virtualizer.getVirtualItems()
  const lastShown = visible[visible.length - 1]?.index ?? -1
  useEffect(() => {
    if (view.more && !view.loading && lastShown >= rows.length - NEAR_END) loadMore()
  }, [view.more, view.loading, lastShown, rows.length, loadMore])

  if (view.status === 'loading' || view.status === 'none')
    return (
      <p className="muted center" role="status">
        {view.status === 'loading' ? t('loading') : t('empty')}
      </p>
    )
  if (view.status === 'failed')
    return (
      <div className="center">
        <p className="error" role="alert">
          {t('failed')}
        </p>
        <button type="button" className="secondary" onClick={() => retry()} disabled={view.loading}>
          {t('retry')}
        </button>
      </div>
    )
  if (view.status === 'empty')
    return (
      <p className="muted center" role="status">
        {t('empty')}
      </p>
    )
  const row = (entry: ActivityRow) =>
    entry.kind === 'month' ? (
      <h3 className="muted" style={{ margin: '8px 0 0', fontSize: '0.9em' }}>
        {months.format(Date.UTC(entry.year, entry.month, 1))}
      </h3>
    ) : (
      <div className="item">
        <TransactionRow item={entry.item} now={now} locale={locale} scrolling={virtualizer.isScrolling} />
      </div>
    )
  return (
    <div>
      <div ref={scroller} className="scroller" tabIndex={0} role="region" aria-label={t('list')}>
        <div
          role="list"
          aria-label={t('list')}
          aria-busy={view.loading}
          data-scrolling={virtualizer.isScrolling}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {visible.map((virtual) => {
            const entry = rows[virtual.index]!
            return (
              <div
                key={virtual.key}
                role="listitem"
                // Only transactions count as items of the list; a page still to come makes the size unknown (-1).
                aria-setsize={entry.kind === 'item' ? (view.more ? -1 : view.count) : undefined}
                aria-posinset={entry.kind === 'item' ? entry.position : undefined}
                className="virtual-row"
                style={{ height: virtual.size, paddingBottom: 6, transform: `translateY(${virtual.start}px)` }}
              >
                {row(entry)}
              </div>
            )
          })}
        </div>
      </div>
      {view.more ? (
        <p className="center">
          <button type="button" className="secondary" onClick={() => loadMore()} disabled={view.loading}>
            {view.loading ? t('loadingMore') : t('loadMore')}
          </button>
        </p>
      ) : null}
    </div>
  )
}
