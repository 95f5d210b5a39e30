/** What the page tells the frame about itself: its theme (the frame's own colours) and its metadata. */
import type { Handlers } from './types'

/** Long enough for the reply to RELOAD to be posted before the document goes. */
const RELOAD_DELAY_MS = 50

export const pageHandlers: Handlers<'SYNC_THEME' | 'SYNC_DAPP_DATA' | 'RELOAD'> = {
  async SYNC_THEME(theme, core) {
    core.state.theme = theme
    core.options.applyTheme?.(theme)
    return {}
  },

  async SYNC_DAPP_DATA(data, core) {
    core.state.dappData = data
    return {}
  },

  async RELOAD(_payload, core) {
    setTimeout(core.options.reload, RELOAD_DELAY_MS)
    return {}
  },
}
