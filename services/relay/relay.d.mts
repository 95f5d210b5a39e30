export const MAX_FRAME_BYTES: number
export const MAX_TTL_SECONDS: number
export const MAX_BATCH: number
export interface Mailbox {
  topics: Map<string, { topic: string; message: string; publishedAt: number; expiresAt: number; publisher: string; delivered: Set<string> }[]>
}
export function createMailbox(): Mailbox
export function subscriptionId(topic: string, clientId: string): string
export function startRelay(options?: { port?: number; mailbox?: Mailbox; now?: () => number; log?: (line: string) => void }): Promise<{
  url: string
  port: number
  mailbox: Mailbox
  clientCount(): number
  close(): Promise<void>
}>
