export const CHROMIUM: string
export const TEST_CHROMIUM: string
export const CHROMIUM_FLAGS: readonly string[]
export function chromiumMissing(): string[]
export function ensureChromium(): string
