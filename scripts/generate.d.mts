export function versionSource(version: string): string
export function walletsSource(wallets: readonly object[]): string
export function generatedFiles(): Promise<{ path: string; content: string }[]>
export function guideStoresSource(wallets: readonly object[]): string
