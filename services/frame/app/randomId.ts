/**
 * A random UUID v4 for the frame's own messages. `crypto.randomUUID` exists only in a secure
 * context, and a frame inside an http page is not one even on an https or loopback origin; the
 * frame must still be able to tell such a page why it refuses it, so the same id is made from
 * `crypto.getRandomValues`, which every context has.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
