/** Where the Swap action shows: eip155 only (the convert paths are EVM's). Data, so a namespace is one more row. */
export const SWAP_NAMESPACES: readonly string[] = ['eip155']
