export function contentSecurityPolicy(connect?: string[]): string
export function startStaticServer(options: { root: string; port?: number; connect?: string[]; json?: Record<string, unknown> }): Promise<{ url: string; port: number; close(): Promise<void> }>
