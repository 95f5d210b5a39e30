// bench/buttons' comparison page: each library's page in a frame of its own (same origin), the
// theme passed on, each frame as tall as its page once that page says it is ready.
const theme = new URLSearchParams(location.search).get('theme') === 'dark' ? 'dark' : 'light'
document.documentElement.dataset.theme = theme
const frames = [...document.querySelectorAll('iframe')]
await Promise.all(
  frames.map(
    (frame) =>
      new Promise((resolve) => {
        frame.addEventListener('load', async () => {
          const inner = frame.contentDocument
          for (let i = 0; i < 600 && inner.body.dataset.ready !== 'true'; i++) await new Promise((r) => setTimeout(r, 50))
          await new Promise((r) => setTimeout(r, 300))
          frame.height = String(inner.documentElement.scrollHeight)
          resolve()
        })
        frame.src = `${frame.dataset.src}?theme=${theme}`
      }),
  ),
)
document.body.dataset.ready = 'true'
