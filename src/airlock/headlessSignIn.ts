/**
 * Email and social sign-in without the modal (issue 28 §3): the email and socials plugins' own
 * state, as a site's form and buttons show it, with their commands bound to the instance. Nothing
 * of the flows is here: the plugins' effects ask the secure frame, exactly as when their views in
 * the modal call the same commands. In the headless chunk (src/airlock/headless.ts), fetched at the
 * first `watchEmailSignIn` / `watchSocialSignIn` (or `useEmailSignIn` / `useSocialSignIn`).
 */
import type { RootState } from '../kernel/registry'
import type { AirlockInstance } from '../ports/instance'
import type { EmailSignIn, EmailSignInStep, SocialSignIn } from '../ports/headless'
import type { EmailStep } from '../plugins/email/state'
import { memoOn } from '../core/memo'
import { telegramPlatform, visibleSocials } from '../plugins/socials/order'

/** The email plugin's steps as the headless API names them. */
const STEPS: Readonly<Record<EmailStep, EmailSignInStep>> = { idle: 'email', requesting: 'sending', device: 'device', otp: 'code', verifying: 'verifying' }

/**
 * The email sign-in of `airlock`'s state: where it stands (the email plugin's `flow`; `done` once
 * an email login succeeded, until a disconnect clears it, SPEC §4), its error as the modal shows
 * it, and the plugin's commands (`submit`, `verify`, `resend`, `cancel`), stable for the instance's
 * life. The same slice gives the same object.
 *
 * ```ts
 * airlock.select(emailSignIn(airlock)).subscribe(({ step, error }) => render(step, error))
 * ```
 */
export function emailSignIn(airlock: AirlockInstance): (state: RootState) => EmailSignIn {
  const run =
    (name: string) =>
    (...args: unknown[]) =>
      airlock._internal.run('email', name, args)
  const actions = { submit: run('submit'), verify: run('verify'), resend: run('resend'), cancel: run('cancel') }
  return memoOn(
    (state: RootState) => [state.email] as const,
    (slice): EmailSignIn => {
      const flow = slice?.flow
      const done = flow?.step === 'idle' && flow.error === null && slice?.email != null
      return {
        available: slice !== undefined,
        step: done ? 'done' : STEPS[flow?.step ?? 'idle'],
        email: (done ? slice?.email : flow?.email) ?? undefined,
        error: flow?.error ?? undefined,
        ...actions,
      }
    },
  )
}

/**
 * The social sign-in of `airlock`'s state: the providers Connect shows on this page (the site's
 * `socials` in SPEC §9's order, minus what a Telegram mini app in `win` cannot complete: the
 * socials plugin's own rule), where a sign-in stands, and `signIn(provider)`, which does nothing
 * for a provider not listed. The same slices give the same object.
 *
 * ```ts
 * airlock.select(socialSignIn(airlock, window)).subscribe(({ providers }) => render(providers.map((p) => p.name)))
 * ```
 */
export function socialSignIn(airlock: AirlockInstance, win: Window | undefined): (state: RootState) => SocialSignIn {
  const telegram = telegramPlatform(win)
  const select = memoOn(
    (state: RootState) => [state.socials, state.options.features.socials, state.contributions.modules] as const,
    // The plugin's module (its strings) comes and goes with `contributions.modules`.
    (slice, enabled, _modules): SocialSignIn => {
      // Brand names, from the plugin's table (the same in every locale).
      const names = airlock._internal.modules().find((module) => module.id === 'socials')?.strings?.en
      const flow = slice?.flow
      return {
        available: slice !== undefined,
        providers: slice ? visibleSocials(enabled || [], telegram).map((id) => ({ id, name: names?.[`provider.${id}`] ?? id })) : [],
        status: flow?.status ?? 'idle',
        provider: flow?.provider ?? undefined,
        error: flow?.error ?? undefined,
        farcasterUrl: slice?.farcasterUrl ?? undefined,
        signIn,
      }
    },
  )
  // Synchronous to the end: the plugin opens the popup in the caller's click turn.
  const signIn = (provider: string) => {
    if (select(airlock.getState()).providers.some((p) => p.id === provider)) airlock._internal.run('socials', 'signIn', [provider])
  }
  return select
}
