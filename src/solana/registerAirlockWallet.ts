/**
 * `registerAirlockWallet(airlock)`: Airlock's Solana connection registered as a Wallet Standard
 * wallet, so an app on `@solana/wallet-adapter-react` (or any Wallet Standard app) lists
 * "Airlock" among its wallets, connects through Airlock's modal, signs with `useWallet()` and
 * sends with `useConnection()`, whatever the visitor connected in Airlock.
 */
import * as t from 'io-ts'
import type { WalletIcon } from '@wallet-standard/base'
import type { AirlockInstance } from '../ports/instance'
import { isRight } from '../kernel/either'
import { InvalidOptionsError } from '../kernel/errors/options'
import { sanitizeWalletName } from '../connectors/sanitize'
import { airlockWallet } from './airlockWallet'
import { AIRLOCK_ICON } from './icon'
import { registerStandardWallet } from './standardRegistration'

export interface AirlockWalletOptions {
  /** The name apps list the wallet under. Default 'Airlock'. */
  readonly name?: string
  /** Its icon: a base64 data: URL of an SVG, WebP, PNG or GIF image (the Wallet Standard's form). Default Airlock's hatch. */
  readonly icon?: string
  /** The window whose apps see it. Default the page's; without one (server rendering) nothing is registered. */
  readonly window?: Window
}

export interface AirlockWalletRegistration {
  /** The name apps list it under (sanitised as Airlock shows wallet names). */
  readonly name: string
  /** Take the wallet off every app's list. */
  unregister(): void
}

/** The Wallet Standard's icon: `data:image/{svg+xml,webp,png,gif};base64,…`. */
const WALLET_ICON = /^data:image\/(svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/]+={0,2}$/
const isWalletIcon = (u: unknown): u is WalletIcon => typeof u === 'string' && WALLET_ICON.test(u)
const WalletIconCodec = new t.Type<WalletIcon, string, unknown>(
  'WalletIcon',
  isWalletIcon,
  (u, c) => (isWalletIcon(u) ? t.success(u) : t.failure(u, c)),
  (icon) => icon,
)
const Options = t.partial({ name: t.string, icon: WalletIconCodec })

/**
 * Register `airlock`'s Solana connection as a Wallet Standard wallet. Apps that discover wallets
 * (Solana's wallet adapter with `wallets={[]}`) list it; connecting it opens Airlock's modal on
 * Solana and settles when the visitor has connected there (at once when they already have), and
 * its signatures and transactions go to the wallet the visitor connected in Airlock. Airlock itself
 * never lists this wallet. Throws InvalidOptionsError for a name that is empty or an icon that is
 * not a base64 image data: URL.
 *
 * ```ts
 * import { createAirlock, solanaDevnet } from 'airlock'
 * import { registerAirlockWallet } from 'airlock/solana'
 *
 * const airlock = createAirlock({ projectId: 'my-project', networks: [solanaDevnet] })
 * registerAirlockWallet(airlock) // <WalletProvider wallets={[]}> now lists "Airlock"
 * ```
 */
export function registerAirlockWallet(airlock: AirlockInstance, options: AirlockWalletOptions = {}): AirlockWalletRegistration {
  const decoded = Options.decode({ name: options.name, icon: options.icon })
  if (!isRight(decoded)) throw new InvalidOptionsError('Invalid options: icon: expected a base64 data: URL of an SVG, WebP, PNG or GIF image')
  const name = sanitizeWalletName(decoded.right.name ?? 'Airlock')
  if (name === undefined) throw new InvalidOptionsError('Invalid options: name: expected a wallet name, got an empty one')
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (win === undefined) return { name, unregister: () => undefined }
  const unregister = registerStandardWallet(win, airlockWallet(airlock, { name, icon: decoded.right.icon ?? AIRLOCK_ICON }))
  return { name, unregister }
}
