/** A catalog wallet's image: its own URL, or the config API's /getWalletImage/{image_id} (SPEC §7). */
import type { WalletEntry } from '../../events/shapes/wallet'
import type { ResolvedOptions } from '../../events/shapes/options'
import { buildUrl } from '../../remote/url'
import { DEFAULT_SDK_VERSION, SDK_TYPE } from '../../remote/sdk'

export function walletImageUrl(wallet: WalletEntry, options: ResolvedOptions | null): string | undefined {
  if (wallet.image_url) return wallet.image_url
  if (!wallet.image_id || !options) return undefined
  return buildUrl(options.apiUrls.config, `/getWalletImage/${encodeURIComponent(wallet.image_id)}`, {
    projectId: options.projectId,
    st: SDK_TYPE,
    sv: DEFAULT_SDK_VERSION,
  })
}
