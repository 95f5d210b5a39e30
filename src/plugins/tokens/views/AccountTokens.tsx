/**
 * The Tokens tab: the total in USD, then each token with its icon, name, amount (3 decimals) and
 * value (2 decimals, SPEC §9), in the instance's locale. The list is virtualised, so a thousand tokens scroll as ten.
 * Scrolling renders only the rows that come into view (each row is memoised on its balance), and
 * a row that comes into view while the list scrolls shows its icon once the scroll settles
 * (imageAfterScroll), so the rows that fly past load and decode no icon.
 */
import { memo, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useAirlockState,
  useModuleStrings,
  TokenIcon,
  formatFiat,
  formatTransactionAmount,
  imageAfterScroll,
  observeListScroll,
  useLocale,
  type TokenBalance,
} from 'airlock/plugin'
import { selectTokensView } from '../selectors'

const ROW_HEIGHT = 52

const TokenRow = memo(function TokenRow({ balance, scrolling }: { readonly balance: TokenBalance; readonly scrolling: boolean }) {
  const t = useModuleStrings('tokens')
  const locale = useLocale()
  return (
    <div className="item static token" role="listitem">
      <TokenIcon url={imageAfterScroll(balance.iconUrl, scrolling)} />
      <span className="stack">
        <span className="name">{balance.name}</span>
        <span className="muted">{t('amount', { amount: formatTransactionAmount(balance.quantity.numeric, locale), symbol: balance.symbol })}</span>
      </span>
      <span className="trailing">{formatFiat(balance.value, 'USD', { locale })}</span>
    </div>
  )
})

export default function AccountTokens() {
  const t = useModuleStrings('tokens')
  const locale = useLocale()
  const view = useAirlockState(selectTokensView)
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: view.balances.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    observeElementOffset: observeListScroll,
    // A scroll step's rows render as a React transition (observeListScroll), sliced between frames, not in the scroll event.
    useFlushSync: false,
  })

  if (view.status === 'loading') return <p className="muted">{t('loading')}</p>
  if (view.status === 'unavailable') return <p className="muted">{t('unavailable')}</p>
  if (view.balances.length === 0) return <p className="muted">{t('empty')}</p>
  return (
    <div>
      <p>
        <span className="muted">{t('total')}: </span>
        <strong data-testid="tokens-total">{formatFiat(view.total, 'USD', { locale })}</strong>
      </p>
      <div ref={scroller} className="token-scroller" style={{ maxHeight: 320, overflowY: 'auto' }}>
        <div role="list" aria-label={t('list')} data-scrolling={virtualizer.isScrolling} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div key={row.key} className="virtual-row" style={{ transform: `translateY(${row.start}px)` }}>
              <TokenRow balance={view.balances[row.index]!} scrolling={virtualizer.isScrolling} />
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
