import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, so defaults do not depend on the directory a script is started from. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

/** A path from the environment (relative to the working directory) or a default under the root. */
export function pathFrom(value: string | undefined, fallback: string): string {
  if (value !== undefined && value.trim() !== '') return resolve(value)
  return isAbsolute(fallback) ? fallback : resolve(projectRoot, fallback)
}

/** Host names as the API knows them: lowercase letters, digits, dots and dashes only. */
export const HOST_PATTERN = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/

export function isHost(value: string): boolean {
  return HOST_PATTERN.test(value) && !value.includes('..')
}

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${error.message}${cause}`
}
