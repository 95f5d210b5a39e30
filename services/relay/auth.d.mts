export function base58Decode(text: string): Uint8Array | undefined
export function didKeyPublicKey(did: unknown): Uint8Array | undefined
export function verifyClientToken(token: unknown, nowMs: number): { clientId: string; error?: undefined } | { error: string; clientId?: undefined }
