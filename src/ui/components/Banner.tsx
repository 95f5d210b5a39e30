/**
 * The notification banner (SPEC §2): loading, success and error. A text of the product is a key
 * of the strings table, shown in the visitor's locale, with any detail (a wallet's own message)
 * under it as given; a site's `notify({ message })` is shown as the site wrote it.
 */
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { selectLocale } from '../react/useModuleStrings'
import { selectNotification } from '../../core/notifications/selectors'
import { resolveString } from '../strings/moduleStrings'

export function Banner() {
  const airlock = useAirlock()
  const notification = useAirlockState(selectNotification)
  const locale = useAirlockState(selectLocale)
  const { text, variant } = notification
  if (!notification.open || variant === null || text === null) return null
  const [message, detail] =
    'key' in text ? [resolveString(text.key, locale, airlock._internal.modules(), text.values), text.detail] : [text.message, text.description]
  return (
    <div className="banner" data-variant={variant} role={variant === 'error' ? 'alert' : 'status'}>
      {message ? <div>{message}</div> : null}
      {detail ? <div className="muted">{detail}</div> : null}
    </div>
  )
}
