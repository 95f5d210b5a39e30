/**
 * A QR code drawn locally as SVG (`uqr` encodes; nothing is fetched from elsewhere). The dark
 * modules are one path coloured by the `--al-qr-color` theme variable; a quiet zone of 4 modules
 * keeps it scannable on any background. The encoder is a chunk of its own (issue 27 §1: Connect's
 * first frame does not wait for it), fetched when the modal is first idle, when a pairing view
 * shows (`qrEncoder.load()`) or when a code is first drawn: until it is in, the code's box is drawn
 * blank at its size (the theme's 240 px), so nothing moves when the modules come. A failed fetch
 * is tried again with the next value.
 */
import { useMemo } from 'react'
import { chunk, useChunk } from '../react/useChunk'

/** The encoder's chunk. */
export const qrEncoder = chunk(() => import('uqr'))

/** One path: a unit square per dark module, row by row. */
export function qrPath(data: readonly (readonly boolean[])[]): string {
  let d = ''
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    }),
  )
  return d
}

export function QrCode({ value, label }: { readonly value: string; readonly label: string }) {
  const uqr = useChunk(qrEncoder, value).module
  const drawn = useMemo(() => {
    if (!uqr) return undefined
    const qr = uqr.encode(value, { ecc: 'M', border: 4 })
    return { path: qrPath(qr.data), size: qr.size }
  }, [uqr, value])
  const size = drawn?.size ?? 1
  return (
    <svg className="qr" role="img" aria-label={label} aria-busy={drawn ? undefined : true} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect className="qr-background" width={size} height={size} />
      {drawn ? <path className="qr-modules" d={drawn.path} /> : null}
    </svg>
  )
}
