/**
 * The NFTs tab: a grid of cards (image, name, collection), spam hidden, with "Show more" while
 * the API has more pages; loading, empty and error states. An image is shown only as `<img src>`
 * and only when `useRemoteImage` allows its URL; otherwise the card draws a placeholder.
 */
import type { CSSProperties } from 'react'
import { useAirlockState, useCommands, useModuleStrings, useRemoteImage } from 'airlock/plugin'
import { selectNftsView } from '../selectors'
import type { Nft } from '../events'

// Style objects are set through the CSSOM (no style attribute is parsed: a strict CSP allows them).
const GRID: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: 8,
  maxHeight: 360,
  overflowY: 'auto',
}
const CARD: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, padding: 6, borderRadius: 12, background: 'var(--al-bg-raised)' }
const PICTURE: CSSProperties = { width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 8, background: 'var(--al-bg)' }
const LINE: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: '0.9em' }

function NftCard({ nft }: { readonly nft: Nft }) {
  // A Blockchain API answer is remote input: only an image URL the modal allows is shown.
  const image = useRemoteImage(nft.image)
  return (
    <li style={CARD}>
      {image ? (
        <img src={image} alt={nft.name} style={PICTURE} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
      ) : (
        <span style={PICTURE} aria-hidden="true" data-testid="nft-placeholder" />
      )}
      <span style={{ ...LINE, fontWeight: 500 }}>{nft.name}</span>
      <span className="muted" style={LINE}>
        {nft.collection}
      </span>
    </li>
  )
}

export default function AccountNfts() {
  const t = useModuleStrings('nfts')
  const view = useAirlockState(selectNftsView)
  const { nfts } = useCommands()

  if (view.status === 'error')
    return (
      <div className="center">
        <p className="error" role="alert">
          {t('error')}
        </p>
        <button type="button" className="secondary" onClick={() => nfts.retry()}>
          {t('retry')}
        </button>
      </div>
    )
  if (view.status !== 'ready')
    return (
      <p className="muted" role="status">
        {view.status === 'loading' ? t('loading') : t('empty')}
      </p>
    )
  if (view.items.length === 0 && !view.more) return <p className="muted">{t('empty')}</p>
  return (
    <div>
      <ul role="list" aria-label={t('list')} style={GRID}>
        {view.items.map((nft) => (
          <NftCard key={`${nft.contract}/${nft.tokenId}`} nft={nft} />
        ))}
      </ul>
      {view.moreFailed ? (
        <p className="error" role="alert">
          {t('moreFailed')}
        </p>
      ) : null}
      {view.more ? (
        <div className="center">
          <button type="button" className="secondary" disabled={view.loadingMore} onClick={() => nfts.loadMore()}>
            {view.loadingMore ? t('loadingMore') : view.moreFailed ? t('retry') : t('more')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
