/**
 * A catalog wallet's image. The `config` port resolves every catalog entry's image (SPEC §7
 * /getWalletImage/{image_id}, or the bundled catalog's drawn icon) into `image_url`, so the UI
 * builds no config-API URL itself; an entry without one shows its initials.
 *
 * ```ts
 * walletImageUrl({ id: 'a', name: 'A', image_url: 'data:image/svg+xml,…' }) // 'data:image/svg+xml,…'
 * ```
 */
import type { WalletEntry } from '../../events/shapes/wallet'

export function walletImageUrl(wallet: WalletEntry): string | undefined {
  return wallet.image_url ?? undefined
}
