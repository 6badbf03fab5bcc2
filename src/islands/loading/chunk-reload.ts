import { CHUNK_RELOAD_KEY, chunkReloadDue } from '#domain/web/chunk-reload'

/** What the reload touches, injectable for the unit test. */
export interface ReloadEnv {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>
  readonly now: () => number
  readonly online: () => boolean
  readonly reload: () => void
}

const browserReloadEnv = (): ReloadEnv => ({
  storage: sessionStorage,
  now: Date.now,
  online: () => navigator.onLine,
  reload: () => location.reload(),
})

/**
 * A code chunk of this page failed to load (docs/product/8-errors.md): reload, at most once a minute
 * (src/domain/web/chunk-reload.ts). When the time cannot be stored (storage blocked) the page
 * does not reload, since nothing would then stop a loop.
 */
export function reloadAfterChunkFailure(env: () => ReloadEnv = browserReloadEnv): void {
  try {
    const { storage, now, online, reload } = env()
    const at = now()
    if (
      !chunkReloadDue({
        lastReloadAt: storage.getItem(CHUNK_RELOAD_KEY),
        now: at,
        online: online(),
      })
    )
      return
    storage.setItem(CHUNK_RELOAD_KEY, String(at))
    reload()
  } catch {
    // session storage refused: no reload
  }
}

/**
 * A dynamic import of one of the page's chunks: when it fails, the page reloads (as above) and
 * the caller still sees the failure.
 */
export function importChunk<T>(load: () => Promise<T>, env?: () => ReloadEnv): Promise<T> {
  return load().catch((error: unknown) => {
    reloadAfterChunkFailure(env)
    throw error
  })
}
