/**
 * Email and social sign-in in the site's own markup (issue 28 §3): `useEmailSignIn` and
 * `useSocialSignIn` give where the sign-in stands and its actions; the secure frame asks for and
 * checks the code, and the embedded wallet connects once it is right. No modal opens.
 */
import { useState, type FormEvent, type ReactNode } from 'react'
import { useEmailSignIn, useSocialSignIn, type EmailSignIn } from 'airlock/react/headless'

/** One labelled field and its button; the field empties once its value is sent. */
function Field(props: {
  readonly label: string
  readonly type: 'email' | 'text'
  readonly autoComplete: string
  readonly button: string
  readonly busy: boolean
  readonly onValue: (value: string) => void
}) {
  const [value, setValue] = useState('')
  const send = (event: FormEvent) => {
    event.preventDefault()
    props.onValue(value.trim())
  }
  return (
    <form className="field" onSubmit={send}>
      <label>
        {props.label}
        <input
          type={props.type}
          autoComplete={props.autoComplete}
          inputMode={props.type === 'text' ? 'numeric' : 'email'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <button type="submit" disabled={props.busy}>
        {props.busy ? 'Please wait…' : props.button}
      </button>
    </form>
  )
}

/** The steps after the address: approve the device, then the code. */
function CodeStep(props: { readonly signIn: EmailSignIn }) {
  const { step, email, verify, resend, cancel } = props.signIn
  return (
    <>
      {step === 'device' ? (
        <p role="status">Open the link we emailed to {email} to approve this device; the code follows.</p>
      ) : (
        <>
          <p>We emailed a code to {email}.</p>
          <Field label="Code" type="text" autoComplete="one-time-code" button="Sign in" busy={step === 'verifying'} onValue={verify} />
        </>
      )}
      <p className="actions">
        <button type="button" onClick={resend}>
          Send a new code
        </button>
        <button type="button" onClick={cancel}>
          Use another email
        </button>
      </p>
    </>
  )
}

/** Sign in with email: the address, then the code; what went wrong under them. */
export function EmailSignInForm() {
  const signIn = useEmailSignIn()
  if (!signIn?.available || signIn.step === 'done') return null
  const asking = signIn.step === 'email' || signIn.step === 'sending'
  return (
    <section aria-label="Sign in with email" className="signin">
      <h3>Sign in with email</h3>
      {asking ? (
        <Field label="Email" type="email" autoComplete="email" button="Send me a code" busy={signIn.step === 'sending'} onValue={signIn.submit} />
      ) : (
        <CodeStep signIn={signIn} />
      )}
      {signIn.error ? <p role="alert">{signIn.error}</p> : null}
    </section>
  )
}

/** Sign in with a social account: one button per provider the site turned on; Farcaster's link as the site's own QR code (`qr`). */
export function SocialButtons(props: { readonly qr?: (value: string, label: string) => ReactNode }) {
  const social = useSocialSignIn()
  if (!social?.available || social.providers.length === 0) return null
  const busy = social.status === 'popup' || social.status === 'connecting'
  const current = social.providers.find((p) => p.id === social.provider)?.name
  return (
    <section aria-label="Sign in with a social account" className="signin">
      <h3>Or with a social account</h3>
      <p className="socials">
        {social.providers.map((provider) => (
          // signIn in the click's own handler: the provider's window opens in this turn.
          <button key={provider.id} type="button" disabled={busy} onClick={() => social.signIn(provider.id)}>
            {provider.name}
          </button>
        ))}
      </p>
      {social.status === 'popup' && social.provider === 'farcaster' ? (
        social.farcasterUrl ? (
          <div className="farcaster">
            {props.qr?.(social.farcasterUrl, 'Farcaster QR code')}
            <p>
              Scan it with your phone, or <a href={social.farcasterUrl}>open Farcaster</a>.
            </p>
          </div>
        ) : (
          <p role="status">Preparing the Farcaster link…</p>
        )
      ) : social.status === 'popup' ? (
        <p role="status">Finish signing in with {current} in the window that opened.</p>
      ) : null}
      {social.status === 'connecting' ? <p role="status">Setting up your wallet…</p> : null}
      {social.status === 'failed' ? (
        <p role="alert">
          Signing in with {current} did not finish: {social.error}
        </p>
      ) : null}
    </section>
  )
}
