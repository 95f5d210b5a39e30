/**
 * The wallet guide (issue 28 §4), reached from Connect's "New to wallets?": what a wallet is, and
 * the catalog's wallets (guideWallets) each with links to get it, each opening in a new tab without
 * opener or referrer: its store pages (Chrome Web Store, App Store, Google Play…, each labelled by
 * its store), or its official site when the catalog gives no store page. The header's back button returns to Connect. A chunk of its own (ModalRoot), fetched
 * when a visitor first comes here. When no page of the catalog has loaded yet, the first one is
 * asked for, as All wallets does. The icon is drawn here rather than with WalletImage: that lives in
 * the modal's chunk, and a lazy chunk importing from it makes every page's dynamic import of the
 * modal unwrap a namespace (+35 B gzip in index.js and in react.js).
 */
import { useEffect, useState } from 'react'
import type { StoreLinks } from '../../events/shapes/wallet'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { isSafeImageUrl } from '../components/safeImageUrl'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'
import { guideWallets } from '../../core/walletCatalog/guideSelectors'

export default function WalletGuideView() {
  const strings = useStrings()
  const { showMoreWallets, retryWalletCatalog } = useCommands()
  const catalog = useAirlockState((s) => s.walletCatalog)
  const configBase = useAirlockState((s) => s.options.resolved?.apiUrls.config ?? undefined)
  // A site without a config API lists the bundled catalog, whose store pages are a chunk of their
  // own (guideStores.ts), fetched here; a config API's entries carry theirs. Until it is in (or if it
  // fails), each wallet links its homepage.
  const [bundledStores, setBundledStores] = useState<Readonly<Record<string, StoreLinks>>>()
  useEffect(() => {
    if (configBase !== undefined) return
    let live = true
    import('./guideStores').then(
      (m) => live && setBundledStores(m.BUNDLED_STORE_LINKS),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [configBase])
  const wallets = guideWallets(catalog, configBase === undefined ? bundledStores : undefined)
  const firstPage = catalog.page === 0 && catalog.pageError === null
  useEffect(() => {
    if (firstPage) showMoreWallets()
  }, [firstPage, showMoreWallets])
  return (
    <div className="guide">
      <p>{strings.walletGuideIntro}</p>
      <p className="visually-hidden" role="status">
        {catalog.loading && wallets.length === 0 ? strings.loading : ''}
      </p>
      {wallets.length === 0 && !catalog.loading ? (
        <div className="center">
          <p className="muted">{catalog.pageError === null ? strings.noGuideWallets : strings.loadFailed}</p>
          {catalog.pageError === null ? null : (
            <button type="button" className="secondary" onClick={retryWalletCatalog}>
              {strings.retry}
            </button>
          )}
        </div>
      ) : null}
      <ul className="list" aria-label={strings.titles.WalletGuide}>
        {wallets.map(({ wallet, stores, href }) => {
          const icon = isSafeImageUrl(wallet.image_url, configBase) ? (
            <img className="wallet-image" src={wallet.image_url ?? undefined} alt="" width={36} height={36} decoding="async" />
          ) : (
            <span className="wallet-image wallet-initials" aria-hidden="true">
              {wallet.name.slice(0, 2).toUpperCase()}
            </span>
          )
          // Each link named by what it shows (WCAG 2.5.3: no aria-label that could differ from the
          // visible text), plus the new-tab notice read after it; the list's own name says what the links are for.
          const newTab = <span className="visually-hidden">{fill(strings.opensInNewTab, { label: '' }).trim()}</span>
          if (href !== undefined) {
            return (
              <li key={wallet.id}>
                <a className="item" href={href} target="_blank" rel="noopener noreferrer">
                  {icon}
                  <span className="stack">
                    <span className="name">{wallet.name}</span>
                    <span className="muted">{new URL(href).host}</span>
                  </span>
                  {newTab}
                  <span className="tag" aria-hidden="true">
                    ↗
                  </span>
                </a>
              </li>
            )
          }
          // A wallet with store pages: its name, then a link per store, each read with the wallet's name before it.
          return (
            <li key={wallet.id} className="item static">
              {icon}
              <span className="stack">
                <span className="name">{wallet.name}</span>
                <span className="stores">
                  {stores.map(({ store, href: storeHref }) => (
                    <a key={store} className="tag" href={storeHref} target="_blank" rel="noopener noreferrer">
                      <span className="visually-hidden">{wallet.name} </span>
                      {strings.stores[store]}
                      {newTab}
                    </a>
                  ))}
                </span>
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
