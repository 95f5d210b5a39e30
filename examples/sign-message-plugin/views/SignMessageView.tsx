/**
 * The sign-message view: its own chunk, loaded the first time a visitor opens it. It renders the
 * plugin's slice and acts through its command; the signing and checking happen in the effects.
 */
import { useAirlockState } from 'airlock/react'
import { Button, Fact, Facts, useCommands, useModuleStrings } from 'airlock/plugin'
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
      {/* The modal's own building blocks: styled by its stylesheet, nothing for the plugin to bring. */}
      <Button variant="primary" busy={signing} onClick={() => signMessage.sign()}>
        {signing ? t('signing') : t('sign')}
      </Button>
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
            <Facts>
              <Fact term={t('signer')}>
                <span className="address">{last.address}</span>
              </Fact>
              <Fact term={t('message')}>{last.message}</Fact>
              <Fact term={t('signature')}>
                <span className="address">{last.signature}</span>
              </Fact>
            </Facts>
          </section>
        ) : null}
      </div>
    </div>
  )
}
