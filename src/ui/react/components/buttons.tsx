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
import { useCommands } from '../useCommands'
import { useAirlockState } from '../useAirlockState'
import { useAccount } from '../hooks'
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

/** The account's button once its chunk is in; `need` (a connection started or made) fetches it, and the caller renders again when it arrives. */
function useDrawnAccount(need: boolean): Drawn | undefined {
  const [, arrived] = useState(drawn)
  useEffect(() => {
    if (!need || drawn) return
    let live = true
    loadAccountButton().then(
      (module) => live && arrived(module),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [need])
  return drawn
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
 * the label); opens the Account view. Renders nothing while no account is connected, nor before
 * its chunk is in (fetched as a connection starts).
 *
 * ```tsx
 * <AccountButton size="sm" showBalance={false} />
 * ```
 */
export function AccountButton(props: AccountButtonProps) {
  const Drawn = useDrawnAccount(useAccount().status !== 'disconnected')?.LoadedAccountButton
  return Drawn ? <Drawn {...props} /> : null
}

/**
 * "Connect wallet" while disconnected (opens the modal), a spinner and "Connecting…" while a
 * connection is being made (`aria-busy`), the AccountButton once connected (and its chunk in). `ConnectButtonCustom`
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
  const { isConnected, status } = useAccount()
  // The account's button is fetched as a connection starts (a restore's too); until it is in, "Connecting…" stays.
  const Drawn = useDrawnAccount(status !== 'disconnected')?.LoadedAccountButton
  const { rest, attributes, size, compact } = useLook(look, 'connect')
  if (isConnected && Drawn) return <Drawn {...look} {...(showBalance === undefined ? {} : { showBalance })} />
  const connecting = status === 'connecting' || isConnected
  const text = connecting ? strings.connectingButton : (label ?? strings.connectButton)
  return (
    <button {...rest} {...attributes} aria-busy={connecting} aria-label={compact ? text : rest['aria-label']} onClick={() => open()}>
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
