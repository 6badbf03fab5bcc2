// @ts-check
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

export default defineConfig({
  output: 'static',
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
})
