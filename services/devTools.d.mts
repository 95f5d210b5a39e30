import type { SmtpSink } from './auth/smtpSink.mjs'

/** The demo's mailbox and local Farcaster app pages (npm start only). */
export function startDevTools(options: { smtp: SmtpSink; authUrl: string; rpcUrl: string; port?: number }): Promise<{ url: string; stop(): Promise<void> }>
