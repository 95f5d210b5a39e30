/**
 * An account's picture: the identity's avatar when one is known (an image URL the caller checked
 * with `useRemoteImage`), else one drawn from the address, the same on every render, server and
 * client alike. No external image and no style attribute (a strict CSP allows it): SVG shapes
 * whose colours and places come from a hash of the address. The round clip is the stylesheet's.
 */
import { useState } from 'react'

/** FNV-1a over the address's characters: a spread of 32 bits, stable across runs and engines. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5
  for (const char of text.toLowerCase()) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  return hash
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue % 360},${saturation}%,${lightness}%)`

/** The generated picture of `seed` (an address): a ground and two discs of related hues. */
export function GeneratedAvatar(props: { readonly seed: string; readonly size: number; readonly className: string }) {
  const h = seedOf(props.seed)
  const hue = h % 360
  return (
    <svg className={props.className} viewBox="0 0 32 32" width={props.size} height={props.size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" fill={hsl(hue, 78, 62)} />
      <circle cx={2 + ((h >>> 9) & 15)} cy={22 + ((h >>> 13) & 7)} r="17" fill={hsl(hue + 40 + ((h >>> 16) % 90), 82, 52)} />
      <circle cx={20 + ((h >>> 23) & 7)} cy={5 + ((h >>> 26) & 7)} r="8" fill={hsl(hue + 170 + ((h >>> 4) % 40), 90, 72)} />
    </svg>
  )
}

export function Avatar(props: {
  readonly seed: string
  /** An image URL already checked as one the modal may show (`useRemoteImage`). */
  readonly src?: string | undefined
  readonly size: number
  readonly className: string
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (props.src !== undefined && failed !== props.src) {
    const src = props.src
    return <img className={props.className} src={src} alt="" width={props.size} height={props.size} onError={() => setFailed(src)} />
  }
  return <GeneratedAvatar seed={props.seed} size={props.size} className={props.className} />
}
