// ConnectKit on wagmi 2: the ConnectKitButton ConnectKit documents, on Ethereum mainnet.
import { createRoot } from 'react-dom/client'
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit'
import { createConfig, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const config = createConfig(getDefaultConfig({ appName: 'Bench', walletConnectProjectId: 'b0000000000000000000000000000000', chains: [mainnet] }))
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
