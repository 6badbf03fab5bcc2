import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'

/** Registers `client:when-needed` (decision 007). */
export function whenNeededDirective(): AstroIntegration {
  return {
    name: 'storefront:when-needed',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'when-needed',
          // esbuild bundles the directive and wants a path, not a file: URL
          entrypoint: fileURLToPath(new URL('./when-needed.ts', import.meta.url)),
        })
      },
    },
  }
}
