/** A social sign-in in the popup (SPEC §4): what to do there, then the wallet being set up, or why it failed, with a retry. */
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'
import { failureText } from '../messages'

export default function ConnectingSocial() {
  const t = useModuleStrings('socials')
  const { socials } = useCommands()
  const flow = useAirlockState((state) => state.socials?.flow ?? null)
  const provider = flow?.provider ?? null
  const name = provider === null ? '' : t(`provider.${provider}`)
  return (
    <div className="body center" aria-live="polite">
      {flow?.status === 'failed' ? (
        <>
          <p className="error" role="alert">
            {t('failed', { provider: name, message: failureText(flow.error, t) })}
          </p>
          {provider !== null ? (
            <button type="button" className="primary" onClick={() => socials.signIn(provider)}>
              {t('retry')}
            </button>
          ) : null}
        </>
      ) : flow?.status === 'connecting' ? (
        <p>{t('connecting')}</p>
      ) : (
        <p>{t('popup', { provider: name })}</p>
      )}
    </div>
  )
}
