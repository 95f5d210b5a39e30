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
  return src ? (
    <img className="token-icon" src={src} alt="" width={size} height={size} />
  ) : (
    <span className="token-icon" data-size={size > 28 ? 'lg' : undefined} aria-hidden="true" />
  )
}
