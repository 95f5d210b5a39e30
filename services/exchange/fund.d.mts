export function fundExchange(options: { rpcUrl: string; from: { privateKey: `0x${string}` }; to: string; tokens: string[]; amount?: string }): Promise<void>
