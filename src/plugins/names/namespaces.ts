/** SPEC §9 "Names and activity: eip155": where names are registered. Data, so a namespace is one more row. */
export const NAMES_NAMESPACES: readonly string[] = ['eip155']
