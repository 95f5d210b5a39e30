/**
 * A strict Content-Security-Policy on every page, with a fresh nonce per request (Next.js's proxy
 * runs before each render). The App Router bootstraps with inline scripts; Next.js gives each of
 * its scripts the nonce it finds in the request's policy, and 'strict-dynamic' lets the chunks they
 * load run. Airlock needs no inline script or style: its modal styles a shadow root with
 * constructed stylesheets, which style-src does not govern (docs/security.md in the repository).
 * Pages must render per request for this (layout.tsx: `await connection()`).
 */
import { NextResponse, type NextRequest } from 'next/server'
import { networks, RELAY_ORIGIN } from './app/networks'

/** The origins the page may connect to: itself, each network's RPC, the WalletConnect relay. */
const CONNECT = [...new Set(networks.flatMap((network) => network.rpcUrls.default.http.map((url) => new URL(url).origin)))]

function policy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Wallet icons: Airlock puts only data: and https: URLs in <img src>.
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self' ${[...CONNECT, RELAY_ORIGIN].join(' ')}`,
    // No embedded wallet here: no secure frame to allow.
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(crypto.randomUUID())
  const header = policy(nonce)
  const headers = new Headers(request.headers)
  headers.set('Content-Security-Policy', header)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('Content-Security-Policy', header)
  return response
}

export const config = {
  // Pages only: not the build's static files, and not router prefetches.
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|icon.svg).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
}
