// RainbowKit on wagmi 2: the ConnectButton RainbowKit documents, on Ethereum mainnet.
import '@rainbow-me/rainbowkit/styles.css'
import { createRoot } from 'react-dom/client'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const config = getDefaultConfig({ appName: 'Bench', projectId: 'b0000000000000000000000000000000', chains: [mainnet] })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
