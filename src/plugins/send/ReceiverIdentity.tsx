/**
 * The receiver as both send views show it once known: its avatar (an image only through
 * useRemoteImage), its name, and its address. Outside `views/` because both views use it: Rollup
 * gives it to their shared chunk.
 */
import { useRemoteImage, useModuleStrings } from 'airlock/plugin'

export function ReceiverIdentity({ address, name, imageUrl }: { readonly address: string; readonly name: string | null; readonly imageUrl: string | null }) {
  const t = useModuleStrings('send')
  const avatar = useRemoteImage(imageUrl)
  return (
    <span className="item" data-testid="send-receiver">
      {avatar ? <img src={avatar} alt={t('receiverAvatar', { name: name ?? address })} width={28} height={28} className="token-icon" /> : null}
      <span className="stack">
        {name ? <span className="name">{name}</span> : null}
        <span className="address muted">{address}</span>
      </span>
    </span>
  )
}
