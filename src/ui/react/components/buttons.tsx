/**
 * The page-side buttons of `airlock/react`. They live in the site's page (not the modal's shadow
 * root), themed by the modal's theme (mode and `themeVariables`) through their own adopted
 * stylesheet, and carry `airlock-*` class names a site may style further. Every text is from the
 * strings table of the instance's locale; each button is one native button, labelled for screen
 * readers (compact ones by `aria-label`). Nothing reads `window` while rendering, so server and
 * client render the same HTML.
 */
import { useEffect, useState } from 'react'
import { selectActiveNetwork } from '../../../core/networks/selectors'
import { useButtonStrings } from '../../components/useLocale'
import { NetworkIcon } from '../../components/NetworkIcon'
import { fill } from '../../strings/fill'
import { shortAddress } from '../../components/shortAddress'
import { useCommands } from '../useCommands'
import { useAirlockState } from '../useAirlockState'
import { useAccount } from '../hooks'
import { usePrepareOnIntent } from '../prepareOnIntent'
import type * as AccountButtonChunk from './accountButton'
import { ICON_PX, useLook, type AccountButtonProps, type AirlockButtonProps } from './buttonLook'

export type { AccountButtonProps, AirlockButtonProps, ButtonSize } from './buttonLook'

export interface ConnectButtonProps extends AccountButtonProps {
  /** The text while disconnected (default: the strings table's "Connect wallet"). */
  readonly label?: string
}

type Drawn = typeof AccountButtonChunk
let drawn: Drawn | undefined
let drawing: Promise<Drawn> | undefined

/**
 * Fetch the connected account's button (its avatar, the balance's number formatting: a chunk of
 * its own, issue 27 §1), once; a failed fetch is tried again at the next connection.
 */
export function loadAccountButton(): Promise<Drawn> {
  return (drawing ??= import('./accountButton').then(
    (module) => (drawn = module),
    (error: unknown) => {
      drawing = undefined
      throw error
    },
  ))
}

/**
 * The account's button once its chunk is in; `need` (a connection started or made) fetches it, and
 * the caller renders again when it arrives. A fetch that failed (offline, a network blip) is tried
 * again when the window is back online, or at `retry()` (a click on the button shown meanwhile).
 */
function useDrawnAccount(need: boolean): { readonly drawn: Drawn | undefined; readonly retry: () => void } {
  const [, arrived] = useState(drawn)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!need || drawn) return
    let live = true
    const again = () => setAttempt((n) => n + 1)
    const win = typeof window === 'undefined' ? undefined : window
    loadAccountButton().then(
      (module) => live && arrived(module),
      () => live && win?.addEventListener('online', again, { once: true }),
    )
    return () => {
      live = false
      win?.removeEventListener('online', again)
    }
  }, [need, attempt])
  return { drawn, retry: () => drawn || setAttempt((n) => n + 1) }
}

/** A wallet, drawn: the compact Connect button's icon. */
function WalletGlyph(props: { readonly size: number }) {
  return (
    <svg className="airlock-icon" viewBox="0 0 24 24" width={props.size} height={props.size} aria-hidden="true" focusable="false">
      <path
        d="M5 6.5h12.5a1.5 1.5 0 0 1 1.5 1.5v1H5.75a.75.75 0 0 1 0-1.5zM4 8.25V17a2 2 0 0 0 2 2h12a1.5 1.5 0 0 0 1.5-1.5v-7H5.75A1.75 1.75 0 0 1 4 8.25zM17.4 14a1.4 1.4 0 1 1-2.8 0 1.4 1.4 0 0 1 2.8 0z"
        fill="currentColor"
        fillRule="evenodd"
      />
    </svg>
  )
}

/**
 * The connected account: its avatar (the identity's, else one drawn from the address), its name
 * or short address, and the native balance apart from it (hidden on a phone-sized screen, still in
 * the label); opens the Account view. Renders nothing while no account is connected; before its
 * chunk is in (fetched as a connection starts, again when the window is back online or at a click),
 * the short address alone.
 *
 * ```tsx
 * <AccountButton size="sm" showBalance={false} />
 * ```
 */
export function AccountButton(props: AccountButtonProps) {
  const { address, status } = useAccount()
  const Drawn = useDrawnAccount(status !== 'disconnected').drawn?.LoadedAccountButton
  // Before its chunk is in, ConnectButton's connected form: the short address.
  return Drawn ? <Drawn {...props} /> : address ? <ConnectButton {...props} /> : null
}

/**
 * "Connect wallet" while disconnected (opens the modal), a spinner and "Connecting…" while a
 * connection is being made (`aria-busy`), the AccountButton once connected (the short address alone until its chunk is in). `ConnectButtonCustom`
 * (`airlock/react/headless`) is its render-prop form (the state and the actions, the site's own markup).
 *
 * ```tsx
 * <ConnectButton label="Sign in" size="lg" />
 * ```
 */
export function ConnectButton(props: ConnectButtonProps) {
  const { label, showBalance, ...look } = props
  const { open } = useCommands()
  const strings = useButtonStrings()
  const { isConnected, status, address } = useAccount()
  // The account's button is fetched as a connection starts (a restore's too); connected before it is in, the short address.
  const { drawn, retry } = useDrawnAccount(status !== 'disconnected')
  const { rest, attributes, size, compact } = useLook(usePrepareOnIntent(look), 'connect')
  // Connected, its chunk missing (on its way, or not fetched: offline): the short address, named as
  // the drawn button names it; a click opens Account as that one does, and fetches the chunk again.
  const short = isConnected && address ? shortAddress(address) : undefined
  if (short && drawn) return <drawn.LoadedAccountButton {...look} {...(showBalance === undefined ? {} : { showBalance })} />
  const connecting = !short && (status === 'connecting' || isConnected)
  const text = short ?? (connecting ? strings.connectingButton : (label ?? strings.connectButton))
  return (
    <button
      {...rest}
      {...attributes}
      aria-busy={connecting}
      aria-label={short ? fill(strings.accountButton, { address: short }) : compact ? text : rest['aria-label']}
      onClick={() => {
        retry()
        open(short ? 'Account' : undefined)
      }}
    >
      {connecting ? <span className="airlock-spinner" aria-hidden="true" /> : compact ? <WalletGlyph size={ICON_PX[size]} /> : null}
      {compact ? null : <span>{text}</span>}
    </button>
  )
}

/**
 * The active network's icon and name (the name hidden on a phone-sized screen); opens the network
 * picker.
 *
 * ```tsx
 * <NetworkButton compact />
 * ```
 */
export function NetworkButton(props: AirlockButtonProps) {
  const { open } = useCommands()
  const strings = useButtonStrings()
  const network = useAirlockState(selectActiveNetwork)
  const { rest, attributes, size, compact } = useLook(props, 'network')
  const name = network?.name ?? strings.unknownNetwork
  return (
    <button {...rest} {...attributes} aria-label={fill(strings.networkButton, { name })} onClick={() => open('SwitchNetwork')}>
      <NetworkIcon network={network ?? undefined} size={ICON_PX[size]} className="airlock-icon" />
      {compact ? null : (
        <>
          <span className="airlock-network-name">{name}</span>
          {/* A picker opens: the chevron says so. */}
          <svg className="airlock-chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </>
      )}
    </button>
  )
}
