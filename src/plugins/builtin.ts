/** The manifests of the built-in feature plugins. Only these few lines load eagerly. */
import type { PluginManifest } from '../kernel/plugin'
import type { Features } from '../events/shapes/features'
import { emailPlugin } from './email/manifest'
import { socialsPlugin } from './socials/manifest'
import { embeddedWalletPlugin } from './embeddedWallet/manifest'
import { swapPlugin } from './swap/manifest'
import { onrampPlugin } from './onramp/manifest'
import { sendPlugin } from './send/manifest'
import { receivePlugin } from './receive/manifest'
import { tokensPlugin } from './tokens/manifest'
import { identityPlugin } from './identity/manifest'
import { nftsPlugin } from './nfts/manifest'
import { activityPlugin } from './activity/manifest'
import { namesPlugin } from './names/manifest'
import { siwxPlugin } from './siwx/manifest'
import { payPlugin } from './pay/manifest'

export const builtinPlugins: readonly PluginManifest<Features>[] = [
  emailPlugin,
  socialsPlugin,
  embeddedWalletPlugin,
  swapPlugin,
  onrampPlugin,
  receivePlugin,
  tokensPlugin,
  identityPlugin,
  nftsPlugin,
  activityPlugin,
  sendPlugin,
  namesPlugin,
  siwxPlugin,
  payPlugin,
]
