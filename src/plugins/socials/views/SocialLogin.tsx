/**
 * The social buttons of Connect (SPEC §1, §9 default socials): the site's providers in SPEC §9's
 * order, minus those Telegram cannot complete (SPEC §4). The first is a full-width button; with
 * more than four, the rest wait behind "More options" (collapsed, as the wallet list can be).
 */
import { useState } from 'react'
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'
import { telegramPlatform, visibleSocials } from '../order'

const SHOWN_BEFORE_MORE = 3

export default function SocialLogin() {
  const t = useModuleStrings('socials')
  const { socials } = useCommands()
  const enabled = useAirlockState((state) => state.options.features.socials)
  const [expanded, setExpanded] = useState(false)
  const providers = visibleSocials(enabled === false ? [] : enabled, telegramPlatform(typeof window === 'undefined' ? undefined : window))
  const collapsed = !expanded && providers.length > SHOWN_BEFORE_MORE + 1
  const shown = collapsed ? providers.slice(0, SHOWN_BEFORE_MORE) : providers
  return (
    <ul className="list socials">
      {shown.map((provider) => (
        <li key={provider}>
          <button type="button" className="item" data-social={provider} onClick={() => socials.signIn(provider)}>
            <span className="name">{t('continueWith', { provider: t(`provider.${provider}`) })}</span>
          </button>
        </li>
      ))}
      {collapsed ? (
        <li>
          <button type="button" className="item" aria-expanded={false} onClick={() => setExpanded(true)}>
            <span className="name">{t('more')}</span>
          </button>
        </li>
      ) : null}
    </ul>
  )
}
