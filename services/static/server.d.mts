export function contentSecurityPolicy(connect?: string[], img?: string[]): string
export function startStaticServer(options: {
  root: string
  port?: number
  connect?: string[]
  img?: string[]
  json?: Record<string, unknown>
}): Promise<{ url: string; port: number; close(): Promise<void> }>
