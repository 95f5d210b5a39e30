/**
 * ConnectingFarcaster (SPEC §2): the Sign In With Farcaster link as a QR code, drawn locally, with
 * a link to open it on this device and a copy button; then the wallet being set up, or the failure.
 * Going back clears the link and reloads the auth provider (./farcasterBack.ts, SPEC §2).
 */
import { useAirlockState, useCommands, useModuleStrings, QrCode } from 'airlock/plugin'
import { failureText } from '../messages'

export default function ConnectingFarcaster() {
  const t = useModuleStrings('socials')
  const { socials, notify } = useCommands()
  const url = useAirlockState((state) => state.socials?.farcasterUrl ?? null)
  const flow = useAirlockState((state) => state.socials?.flow ?? null)
  if (flow?.status === 'failed') {
    return (
      <div className="body center">
        <p className="error" role="alert">
          {t('failed', { provider: t('provider.farcaster'), message: failureText(flow.error, t) })}
        </p>
        <button type="button" className="primary" onClick={() => socials.signIn('farcaster')}>
          {t('retry')}
        </button>
      </div>
    )
  }
  if (url === null) {
    return (
      <div className="body center">
        <p className="muted" aria-live="polite">
          {t('farcasterLoading')}
        </p>
      </div>
    )
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      notify('success', { message: t('copied') })
    } catch {
      // Clipboard refused: the link stays on screen.
    }
  }
  return (
    <div className="body center">
      <QrCode value={url} label={t('farcasterQr')} />
      <p className="muted">{t('farcasterScan')}</p>
      <div className="link-row">
        <a className="secondary" href={url} data-testid="farcaster-link">
          {t('farcasterOpen')}
        </a>
        <button type="button" className="secondary" onClick={copy}>
          {t('copyLink')}
        </button>
      </div>
    </div>
  )
}
