/** The notification banner (SPEC §2): loading, success and error. */
import { useAirlockState } from '../react/useAirlockState'

export function Banner() {
  const notification = useAirlockState((state) => state.notifications)
  if (!notification.open || notification.variant === null) return null
  return (
    <div className="banner" data-variant={notification.variant} role={notification.variant === 'error' ? 'alert' : 'status'}>
      <div>{notification.message}</div>
      {notification.description ? <div className="muted">{notification.description}</div> : null}
    </div>
  )
}
