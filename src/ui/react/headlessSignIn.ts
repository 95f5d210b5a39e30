/**
 * Email and social sign-in for a site's own markup (issue 28 §3): the instance's
 * `watchEmailSignIn` and `watchSocialSignIn` as hooks. Their code (the plugins' state read, their
 * commands bound) is the headless chunk, fetched when one of these first renders: each gives
 * undefined for that moment, and on a server.
 */
import { useEffect, useState } from 'react'
import type { AirlockInstance } from '../../ports/instance'
import type { EmailSignIn, SocialSignIn } from '../../ports/headless'
import { useAirlock } from './context'

/** What `watch` gives, undefined until its first call. */
function useWatchedValue<T>(watch: (airlock: AirlockInstance, listener: (value: T) => void) => () => void): T | undefined {
  const airlock = useAirlock()
  const [value, setValue] = useState<T | undefined>(undefined)
  useEffect(() => watch(airlock, setValue), [airlock, watch])
  return value
}

const watchEmail = (airlock: AirlockInstance, listener: (signIn: EmailSignIn) => void) => airlock.watchEmailSignIn(listener)
const watchSocial = (airlock: AirlockInstance, listener: (signIn: SocialSignIn) => void) => airlock.watchSocialSignIn(listener)

/**
 * The email sign-in, for a form of the site's own: `step` (`email`, `sending`, `device`, `code`,
 * `verifying`, `done`), `email`, `error` (the message the modal would show, at the step that can
 * try again) and the actions `submit(email)`, `verify(code)`, `resend()`, `cancel()`. The code is
 * asked for and checked by the secure frame, as from the modal; the embedded wallet connects once
 * it is right. `available` is false while the email plugin does not run (email off, or no project
 * id or secure site).
 *
 * ```tsx
 * const signIn = useEmailSignIn()
 * if (!signIn?.available) return null
 * return signIn.step === 'code' ? <CodeForm onCode={signIn.verify} /> : <EmailForm onEmail={signIn.submit} />
 * ```
 */
export function useEmailSignIn(): EmailSignIn | undefined {
  return useWatchedValue(watchEmail)
}

/**
 * The social sign-in, for buttons of the site's own: `providers` (`id`, `name`, in Connect's order),
 * `status` and `error` of the sign-in in progress, `farcasterUrl` for Farcaster's QR code, and
 * `signIn(provider)`: call it in the click's handler, the provider's popup opens in that turn.
 *
 * ```tsx
 * const social = useSocialSignIn()
 * social?.providers.map((p) => <button key={p.id} onClick={() => social.signIn(p.id)}>{p.name}</button>)
 * ```
 */
export function useSocialSignIn(): SocialSignIn | undefined {
  return useWatchedValue(watchSocial)
}
