/**
 * The sample dApp on wagmi: WagmiProvider over `createConfig(wagmiParameters(airlock))` (the Airlock
 * connector, Airlock's EVM networks as wagmi's chains, wagmi's own discovery off) and TanStack
 * Query, with Airlock's <NetworkButton/> and <ConnectButton/> in the header — they and wagmi's
 * hooks follow each other both ways.
 */
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, WagmiProvider } from 'wagmi'
import type { AirlockInstance } from 'airlock'
import { AirlockProvider, ConnectButton, NetworkButton } from 'airlock/react'
import { wagmiParameters } from 'airlock/wagmi'
import { strings } from '../strings'
import { WagmiAccountCard } from './WagmiAccountCard'
import { WagmiSignCard } from './WagmiSignCard'
import { WagmiSendCard } from './WagmiSendCard'
import { WagmiSwitchCard } from './WagmiSwitchCard'

export function WagmiApp({ airlock, buttons }: { readonly airlock: AirlockInstance; readonly buttons: HTMLElement }) {
  const [config] = useState(() => createConfig(wagmiParameters(airlock)))
  const [queryClient] = useState(() => new QueryClient())
  return (
    <AirlockProvider airlock={airlock}>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          {createPortal(
            <>
              <NetworkButton />
              <ConnectButton label={strings.connectShort} />
            </>,
            buttons,
          )}
          <WagmiAccountCard />
          <WagmiSignCard />
          <WagmiSendCard />
          <WagmiSwitchCard />
        </QueryClientProvider>
      </WagmiProvider>
    </AirlockProvider>
  )
}
