'use client'
/** What the page shows of the connection, through Airlock's hooks (a client component: hooks). */
import { useAccount, useNetwork } from 'airlock/react'

export function AccountInfo() {
  const { address, status } = useAccount()
  const { caipNetwork } = useNetwork()
  return (
    <dl>
      <dt>Status</dt>
      <dd data-testid="status">{status}</dd>
      <dt>Address</dt>
      <dd data-testid="address">{address ?? 'not connected'}</dd>
      <dt>Network</dt>
      <dd data-testid="network">{caipNetwork?.name ?? 'none'}</dd>
    </dl>
  )
}
