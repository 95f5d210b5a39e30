/**
 * A server component: the buttons of `airlock/react` (a client entry, marked 'use client') render
 * into the server's HTML and hydrate in the browser.
 */
import { ConnectButton, NetworkButton } from 'airlock/react'
import { AccountInfo } from './account'

export default function Page() {
  return (
    <main>
      <h1>Airlock on Next.js</h1>
      <nav aria-label="Wallet">
        <ConnectButton />
        <NetworkButton />
      </nav>
      <AccountInfo />
    </main>
  )
}
