import type { Metadata } from 'next'
import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata: Metadata = { title: 'Airlock on Next.js' }

export default async function RootLayout(props: { readonly children: ReactNode }) {
  // Rendered per request: the page's scripts carry that request's nonce (proxy.ts).
  await connection()
  return (
    <html lang="en">
      <body>
        <Providers>{props.children}</Providers>
      </body>
    </html>
  )
}
