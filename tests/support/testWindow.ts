/** A window for Node tests: events and localStorage are all the test wallets and discovery use. */
export function testWindow(): Window {
  const items = new Map<string, string>()
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  }
  return Object.assign(new EventTarget(), { localStorage, location: { host: 'airlock.test' } }) as unknown as Window
}
