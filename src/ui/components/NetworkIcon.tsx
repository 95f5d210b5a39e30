/**
 * A network's icon, drawn (no external image, no style attribute): the built-in chains in their
 * own colours with a glyph, any other network in a colour of its id with its name's first letter.
 * The same on server and client. Decorative: the network's name is always said beside it or in
 * the control's label.
 */
import type { CaipNetwork } from '../../events/shapes/network'
import { seedOf } from './Avatar'

const ETH = 'M16 4.5 9 16.2l7 4.2 7-4.2zM9 17.6l7 9.9 7-9.9-7 4.2z'
const SOLANA = 'M11 9.5h13l-3 3H8zM8 14.5h13l3 3H11zM11 19.5h13l-3 3H8z'

/** A glyph is an SVG path (`M<number>…`) or letters. */
const PATH = /^M\d/

/** caipNetworkId (or namespace) → [colour, glyph path or letters]. */
const KNOWN: Readonly<Record<string, readonly [string, string]>> = {
  'eip155:1': ['#627eea', ETH],
  'eip155:11155111': ['#7b87b8', ETH],
  'eip155:10': ['#ff0420', 'OP'],
  'eip155:8453': ['#0052ff', 'B'],
  'eip155:42161': ['#213147', 'A'],
  'eip155:137': ['#8247e5', 'P'],
  'eip155:56': ['#f0b90b', 'B'],
  'eip155:43114': ['#e84142', 'A'],
  'eip155:100': ['#04795b', 'G'],
  'eip155:324': ['#1e69ff', 'Z'],
  'eip155:42220': ['#35d07f', 'C'],
  'eip155:1313161554': ['#70d44b', 'A'],
  solana: ['#7e4ee8', SOLANA],
  bip122: ['#f7931a', '₿'],
}

export function NetworkIcon(props: { readonly network: CaipNetwork | undefined; readonly size: number; readonly className: string }) {
  const { network } = props
  const known = network === undefined ? undefined : (KNOWN[network.caipNetworkId] ?? KNOWN[network.chainNamespace])
  const [fill, glyph] = known ?? [`hsl(${seedOf(network?.caipNetworkId ?? '') % 360},45%,42%)`, (network?.name ?? '?').slice(0, 1).toUpperCase()]
  return (
    <svg className={props.className} viewBox="0 0 32 32" width={props.size} height={props.size} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={fill} />
      {PATH.test(glyph) ? (
        <path d={glyph} fill="#fff" />
      ) : (
        <text x="16" y="21.5" textAnchor="middle" fontSize={glyph.length > 1 ? 12 : 16} fontWeight="700" fill="#fff" fontFamily="system-ui,sans-serif">
          {glyph}
        </text>
      )}
    </svg>
  )
}
