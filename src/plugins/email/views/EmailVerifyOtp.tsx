/** The code entry of the email sign-in (SPEC §4 VERIFY_OTP): the code, Confirm, and Resend code. */
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'
import { FieldForm } from '../FieldForm'

export default function EmailVerifyOtp() {
  const t = useModuleStrings('email')
  const { email } = useCommands()
  const flow = useAirlockState((state) => state.email?.flow ?? null)
  return (
    <div className="body">
      <p>{t('codeSent', { email: flow?.email ?? '' })}</p>
      <FieldForm
        kind="otp"
        label="code"
        submit="verify"
        busyLabel="verifying"
        busy={flow?.step === 'verifying'}
        error={flow?.error ?? null}
        onSubmit={(otp) => email.verify(otp)}
      />
      <button type="button" className="secondary" disabled={flow?.step === 'requesting'} onClick={() => email.resend()}>
        {t('resend')}
      </button>
    </div>
  )
}
