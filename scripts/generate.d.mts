export function versionSource(version: string): string
export function walletsSources(wallets: readonly object[]): { path: string; source: string }[]
export function generatedFiles(): Promise<{ path: string; content: string }[]>
export function guideStoresSource(wallets: readonly object[]): string
