export function contentSecurityPolicy(connect?: string[]): string
export function startStaticServer(options: { root: string; port?: number; connect?: string[] }): Promise<{ url: string; port: number; close(): Promise<void> }>
