// @ts-check
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

// The studio (docs/decisions/071-studio-app.md): one static app for every tenant, built once
// from src/studio/pages, apart from the tenant sites (astro.config.mjs), so none of its code or
// styles can reach a storefront page. Served at /studio on every tenant host by scripts/serve
// from dist/sites/_studio; its assets live under /studio/_astro.
export default defineConfig({
  output: 'static',
  srcDir: './src/studio',
  // no public files of its own: the storefront's public/ is the sites' (dist/sites/_public)
  publicDir: './src/studio/public',
  outDir: './.data/studio-dist',
  base: '/studio',
  integrations: [react({ experimentalDisableStreaming: true })],
  build: { format: 'directory', inlineStylesheets: 'never' },
  // never inline a script: the page keeps the policy without 'unsafe-inline' (decision 019)
  vite: { build: { assetsInlineLimit: 0 } },
  trailingSlash: 'ignore',
})
