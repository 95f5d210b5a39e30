/**
 * `airlock/react/headless` (issue 28 §3): Connect without the modal, for a site's own markup — the
 * wallet list, the pairing URI, the email and social methods, and the buttons' render-prop form.
 * An entry of its own (issue 27 §1): `airlock/react` is what every page with a button loads, and
 * these hooks are for the sites that draw their own connect UI (react.js 65,431 → 64,953 B gzip at 502c1e3).
 * Use it inside `AirlockProvider` (from `airlock/react`), as the other hooks.
 */
export { useWallets, useWalletConnectUri, useConnectMethods, type ConnectAction } from './ui/react/headless'
export type { HeadlessWallet, HeadlessConnectMethod, WalletConnectPairing, ConnectTarget } from './ports/headless'
export { ConnectButtonCustom, type ConnectButtonRenderProps } from './ui/react/components/ConnectButtonCustom'
// Email and social sign-in in the site's own form and buttons (the plugins' steps, run in the secure frame).
export { useEmailSignIn, useSocialSignIn } from './ui/react/headlessSignIn'
export type { EmailSignIn, EmailSignInStep, SocialSignIn, HeadlessSocialProvider } from './ports/headless'
// Several wallets at once (issue 28 §2) in the site's own markup: react.js 64,885 → 64,465 B gzip at 3f173bd.
export { useConnections } from './ui/react/useConnections'
