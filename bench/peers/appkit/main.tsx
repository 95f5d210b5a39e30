// Reown AppKit with no adapter (WalletConnect only): the button AppKit documents, on Ethereum mainnet.
import { createRoot } from 'react-dom/client'
import { createAppKit } from '@reown/appkit/react'
import { mainnet } from '@reown/appkit/networks'

createAppKit({
  networks: [mainnet],
  projectId: 'b0000000000000000000000000000000',
  metadata: { name: 'Bench', description: 'Peer benchmark page', url: location.origin, icons: [] },
})

createRoot(document.getElementById('root')!).render(<appkit-button />)
