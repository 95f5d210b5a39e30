/** Sign a message with wagmi's useSignMessage, and verify it with the chain's public client. */
import { useState } from 'react'
import { useConnection, usePublicClient, useSignMessage } from 'wagmi'
import { strings } from '../strings'
import { code } from '../code'
import type { Outcome } from '../app/ActionCard'
import { SignForm } from '../app/SignForm'
import { errorText } from '../app/evm'

export function WagmiSignCard() {
  const { address } = useConnection()
  const client = usePublicClient()
  const signMessage = useSignMessage()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const sign = async (message: string) => {
    if (!address || !client) return
    setOutcome({ kind: 'busy', text: strings.signing })
    try {
      const signature = await signMessage.mutateAsync({ message })
      const valid = await client.verifyMessage({ address, message, signature })
      setOutcome({ kind: 'done', label: strings.signature, value: signature, ok: valid, text: valid ? strings.verified(address) : strings.notVerified })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return <SignForm code={code.wagmiSign} connected={address !== undefined} outcome={outcome} onSign={(message) => void sign(message)} />
}
