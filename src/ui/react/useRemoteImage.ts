/**
 * The URL an `<img>` may show for an image a remote answer named (a token icon, an NFT's image, an
 * avatar): a data: image or an https: URL, or one under the site's own Blockchain API
 * (`apiUrls.blockchain`, which the site chose, as it chose the config API for wallet icons: a
 * self-hosted one may be plain http on a local network). Anything else: undefined, and the view
 * draws a placeholder. Only ever used as `<img src>`, where an SVG's scripts do not run.
 *
 * ```tsx
 * const src = useRemoteImage(balance.iconUrl)
 * return src ? <img src={src} alt="" /> : <span className="token-icon" aria-hidden="true" />
 * ```
 */
import { isSafeImageUrl } from '../../validation/imageUrl'
import type { RootState } from '../../kernel/registry'
import { useAirlockState } from './useAirlockState'

const selectImageBase = (state: RootState): string | undefined => state.options.resolved?.apiUrls.blockchain ?? undefined

export function useRemoteImage(url: string | null | undefined): string | undefined {
  const base = useAirlockState(selectImageBase)
  return isSafeImageUrl(url, base) ? url : undefined
}
