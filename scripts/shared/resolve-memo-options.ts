/** The resolution memo's preload (resolve-memo.mjs, docs/decisions/112-resolve-memo.md). */
export const RESOLVE_MEMO_URL = new URL('./resolve-memo.mjs', import.meta.url).href

/**
 * NODE_OPTIONS with the memo preloaded, for a run whose every Node process (its children's too,
 * which inherit the variable) should load modules through it. Given once, it is not added again.
 */
export function withResolveMemo(nodeOptions: string | undefined): string {
  const preload = `--import=${RESOLVE_MEMO_URL}`
  const options = nodeOptions?.trim() ?? ''
  if (options.split(/\s+/).includes(preload)) return options
  return options === '' ? preload : `${options} ${preload}`
}
