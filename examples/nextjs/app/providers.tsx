'use client'
/**
 * The Airlock instance, created once: at this module's first import, once per page load in the
 * browser, and once per process on the server, where it only renders (it has no storage and no
 * window there, so it holds nothing of any visitor). `createAirlock` touches no `window` on the
 * server; in the browser it restores the last connection. Airlock's hooks render the server's
 * state until React has hydrated, then the browser's, so the restored account shows without a
 * hydration mismatch.
 */
import type { ReactNode } from 'react'
import { createAirlock } from 'airlock'
import { AirlockProvider } from 'airlock/react'
import { networks } from './networks'

const airlock = createAirlock({
  projectId: process.env.NEXT_PUBLIC_AIRLOCK_PROJECT_ID ?? 'nextjs-example',
  networks,
  metadata: { name: 'Airlock on Next.js', description: 'The Next.js App Router example', url: 'https://example.com', icons: [] },
})

export function Providers(props: { readonly children: ReactNode }) {
  return <AirlockProvider airlock={airlock}>{props.children}</AirlockProvider>
}
