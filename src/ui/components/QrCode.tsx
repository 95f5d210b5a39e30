/**
 * A QR code drawn locally as SVG (`uqr` encodes; nothing is fetched). The dark modules are one
 * path coloured by the `--al-qr-color` theme variable; a quiet zone of 4 modules keeps it
 * scannable on any background.
 */
import { useMemo } from 'react'
import { encode } from 'uqr'

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
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 })
    return { path: qrPath(qr.data), size: qr.size }
  }, [value])
  return (
    <svg className="qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect className="qr-background" width={size} height={size} />
      <path className="qr-modules" d={path} />
    </svg>
  )
}
