export function contentSecurityPolicy(connect?: string[], img?: string[], frame?: string[]): string
export function startStaticServer(options: {
  root: string
  port?: number
  connect?: string[]
  img?: string[]
  /** Origins the page may frame (the secure frame's). */
  frame?: string[]
  json?: Record<string, unknown>
}): Promise<{ url: string; port: number; close(): Promise<void> }>
