/** SPEC §9 "Names and activity: eip155": where names are registered. Data, so a namespace is one more row. */
import type { ChainNamespace } from 'airlock/plugin'

export const NAMES_NAMESPACES: readonly ChainNamespace[] = ['eip155']
