import { useState } from 'react'
import type { AirlockInstance } from 'airlock'
import { strings } from '../strings'

/** Signed out: one button that opens Airlock's modal; the SIWX flow signs in after the connect. */
export function SignIn({ airlock }: { airlock: AirlockInstance }) {
  const [waiting, setWaiting] = useState(false)
  const open = () => {
    setWaiting(true)
    void airlock.open().catch(() => setWaiting(false))
  }
  return (
    <section className="card narrow" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">{strings.signInHeading}</h1>
      <p className="lead">{strings.signInLead}</p>
      <button type="button" className="primary" onClick={open}>
        {strings.signInButton}
      </button>
      {waiting && (
        <p className="hint" role="status">
          {strings.signInWaiting}
        </p>
      )}
    </section>
  )
}
