/**
 * A connect UI of the site's own, built only from Airlock's headless API (issue 28 §3): the wallet
 * list (`useWallets`), the WalletConnect pairing drawn as the site's own QR code
 * (`useWalletConnectUri`), the email and social methods (`useConnectMethods`; signed in through the
 * site's own forms, SignIn.tsx) and the account's state and actions (`ConnectButtonCustom`), all
 * from `airlock/react/headless`. No modal opens; every element and word is the site's.
 */
import { useMemo, useState } from 'react'
import { encode } from 'uqr'
import { EmailSignInForm, SocialButtons } from './SignIn'
import { ConnectButtonCustom, useConnectMethods, useWalletConnectUri, useWallets, type HeadlessWallet } from 'airlock/react/headless'

/** The pairing URI as an SVG QR code: one <rect> per dark module, no markup from outside. */
function QrCode(props: { readonly value: string; readonly label?: string }) {
  const { data, size } = useMemo(() => encode(props.value, { ecc: 'M', border: 2 }), [props.value])
  const cells = data.flatMap((row, y) => row.map((dark, x) => (dark ? <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} /> : null)))
  return (
    <svg role="img" aria-label={props.label ?? 'Pairing QR code'} viewBox={`0 0 ${size} ${size}`} width={232} height={232} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <g fill="#111">{cells}</g>
    </svg>
  )
}

/** The pairing of the wallet chosen: the QR code, the link to copy, and a retry when it failed. */
function Pairing(props: { readonly wallet: HeadlessWallet; readonly onCancel: () => void }) {
  const { uri, failed, connect } = useWalletConnectUri()
  return (
    <section aria-label={`Connect ${props.wallet.name}`} className="pairing">
      <h2>Scan with {props.wallet.kind === 'catalog' ? props.wallet.name : 'your phone wallet'}</h2>
      {failed ? (
        <p role="alert">
          The pairing failed.{' '}
          <button type="button" onClick={() => void connect().catch(() => undefined)}>
            Try again
          </button>
        </p>
      ) : uri ? (
        <>
          <QrCode value={uri} />
          <label>
            Pairing link <input readOnly value={uri} onFocus={(event) => event.currentTarget.select()} />
          </label>
        </>
      ) : (
        <p role="status">Preparing the QR code…</p>
      )}
      <button type="button" onClick={props.onCancel}>
        Back
      </button>
    </section>
  )
}

/** The wallets, in the order Airlock's Connect view lists them, each a button of the site's. */
function WalletList(props: { readonly onPairing: (wallet: HeadlessWallet) => void; readonly onError: (message: string) => void }) {
  const { wallets, connect } = useWallets()
  const choose = (wallet: HeadlessWallet) => {
    // WalletConnect and catalog wallets pair through the relay: show the site's QR code meanwhile.
    if (wallet.kind !== 'connector') props.onPairing(wallet)
    connect(wallet.id).catch((error: unknown) => props.onError(error instanceof Error ? error.message : String(error)))
  }
  if (wallets.length === 0) return <p role="status">Looking for wallets…</p>
  return (
    <ul aria-label="Wallets" className="wallets">
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button type="button" onClick={() => choose(wallet)}>
            {wallet.icon ? (
              <img src={wallet.icon} alt="" width={28} height={28} />
            ) : (
              <span className="initial" aria-hidden="true">
                {wallet.name.slice(0, 1)}
              </span>
            )}
            <span className="name">{wallet.name}</span>
            {wallet.installed ? <small>Installed</small> : null}
            {wallet.recent ? <small>Recent</small> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** Email and social sign-in, when the site turned them on, in Connect's method order: the site's own forms (SignIn.tsx). */
function OtherMethods() {
  const { methods } = useConnectMethods()
  return methods.map((method) =>
    method.group === 'email' ? (
      <EmailSignInForm key={method.id} />
    ) : (
      <SocialButtons key={method.id} qr={(value, label) => <QrCode value={value} label={label} />} />
    ),
  )
}

/** The whole panel: the account once connected, else the ways to connect. */
export function ConnectPanel() {
  const [pairing, setPairing] = useState<HeadlessWallet | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  return (
    <ConnectButtonCustom>
      {({ account, network, connecting, disconnect }) =>
        account.isConnected ? (
          <section aria-label="Account">
            <p id="account">
              Connected: {account.address} on {network.caipNetwork?.name ?? 'an unknown network'}
            </p>
            <button type="button" onClick={() => void disconnect().then(() => setPairing(undefined))}>
              Disconnect
            </button>
          </section>
        ) : pairing ? (
          <Pairing wallet={pairing} onCancel={() => setPairing(undefined)} />
        ) : (
          <section aria-label="Connect">
            <h2>Connect a wallet</h2>
            <p id="account" role="status">
              {connecting ? 'Connecting…' : 'Not connected'}
            </p>
            {error ? <p role="alert">{error}</p> : null}
            <WalletList onPairing={setPairing} onError={setError} />
            <OtherMethods />
          </section>
        )
      }
    </ConnectButtonCustom>
  )
}
