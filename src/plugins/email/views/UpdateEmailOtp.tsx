/** The email change's codes (SPEC §4): the current address's (VERIFY_PRIMARY_OTP), then the new one's (VERIFY_SECONDARY_OTP). */
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'
import { FieldForm } from '../FieldForm'

export default function UpdateEmailOtp() {
  const t = useModuleStrings('email')
  const { email, back } = useCommands()
  const update = useAirlockState((state) => state.email?.update ?? null)
  const current = useAirlockState((state) => state.email?.email ?? null)
  if (update?.step === 'done') {
    return (
      <div className="body center">
        <p role="status">{t('updated', { email: update.email ?? '' })}</p>
        <button type="button" className="primary" onClick={() => back()}>
          {t('done')}
        </button>
      </div>
    )
  }
  const prompt = update?.step === 'secondary' ? t('secondarySent', { email: update.email ?? '' }) : t('primarySent', { email: current ?? '' })
  return (
    <div className="body">
      <p>{prompt}</p>
      {/* A new entry per step: the first code does not stay in the field for the second. */}
      <FieldForm
        key={update?.step ?? 'primary'}
        kind="otp"
        label="code"
        submit="verify"
        busyLabel="verifying"
        busy={false}
        error={update?.error ?? null}
        onSubmit={(otp) => email.verifyUpdate(otp)}
      />
    </div>
  )
}
