/**
 * A process ended by a signal runs no 'exit' handler, and vitest ends its fork workers with
 * SIGTERM once their files are done: a product shared by a worker's files (the variants' and the
 * providers' products) outlived the run that started it. Once this has run, SIGTERM ends the
 * process through process.exit, so every 'exit' handler runs (startProduct's kills its product).
 */
let installed = false

export function exitOnSigterm(): void {
  if (installed) return
  installed = true
  process.once('SIGTERM', () => process.exit(143))
}
