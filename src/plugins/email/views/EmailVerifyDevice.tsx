/** SPEC §4 VERIFY_DEVICE: this device is new for the account; the visitor approves it from the emailed link. */
import { useAirlockState, useModuleStrings } from 'airlock/plugin'

export default function EmailVerifyDevice() {
  const t = useModuleStrings('email')
  const flow = useAirlockState((state) => state.email?.flow ?? null)
  return (
    <div className="body center">
      <h3>{t('deviceTitle')}</h3>
      <p>{t('deviceSent', { email: flow?.email ?? '' })}</p>
      {flow?.error ? (
        <p className="error" role="alert">
          {flow.error}
        </p>
      ) : (
        <p className="muted" aria-live="polite">
          {t('waiting')}
        </p>
      )}
    </div>
  )
}
