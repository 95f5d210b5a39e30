/**
 * The sign-message view: its own chunk, loaded the first time a visitor opens it. It renders the
 * plugin's slice and acts through its command; the signing and checking happen in the effects.
 */
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/react'
import type { SignFailure } from '../events'

export default function SignMessageView() {
  const t = useModuleStrings('signMessage')
  const { signMessage } = useCommands()
  const state = useAirlockState((root) => root.signMessage)
  // Each reason's text, spelled out so a check over the code finds every key in the strings.
  const failures: Record<SignFailure, string> = {
    notConnected: t('errors.notConnected'),
    rejected: t('errors.rejected'),
    unverified: t('errors.unverified'),
    failed: t('errors.failed'),
  }
  const signing = state?.signing ?? false
  const last = state?.last ?? null
  const failure = state?.failure ?? null

  return (
    <div className="center">
      <p className="muted">{t('intro')}</p>
      <button type="button" className="primary" disabled={signing} onClick={() => signMessage.sign()}>
        {signing ? t('signing') : t('sign')}
      </button>
      {failure ? (
        <p className="error" role="alert">
          {failures[failure.reason]}
          {failure.detail ? <span className="muted"> ({failure.detail})</span> : null}
        </p>
      ) : null}
      <div aria-live="polite">
        {last ? (
          <section aria-label={t('verified')}>
            <p>✓ {t('verified')}</p>
            <dl>
              <dt className="muted">{t('signer')}</dt>
              <dd className="address">{last.address}</dd>
              <dt className="muted">{t('message')}</dt>
              <dd>{last.message}</dd>
              <dt className="muted">{t('signature')}</dt>
              <dd className="address">{last.signature}</dd>
            </dl>
          </section>
        ) : null}
      </div>
    </div>
  )
}
