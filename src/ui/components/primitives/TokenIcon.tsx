/**
 * A token's (or any remote) icon: the image when its URL is one the modal may show (a Blockchain
 * API answer is remote input), else a round placeholder. Decorative; the row's text names it.
 *
 * ```tsx
 * <TokenIcon url={balance.iconUrl} />
 * ```
 */
import { useRemoteImage } from '../../react/useRemoteImage'

export function TokenIcon(props: { readonly url: string | null | undefined; readonly size?: number }) {
  const src = useRemoteImage(props.url)
  const size = props.size ?? 28
  // The stylesheet's three sizes: 20, 28 and 40 px.
  const step = size <= 20 ? 'sm' : size >= 40 ? 'lg' : undefined
  return src ? (
    <img className="token-icon" data-size={step} src={src} alt="" width={size} height={size} decoding="async" />
  ) : (
    <span className="token-icon" data-size={step} aria-hidden="true" />
  )
}
