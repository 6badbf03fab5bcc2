import { buildConfig } from '../build-sites/config'
import { errorMessage } from '../shared/paths'
import { buildStudio } from './build-studio'

/** `npm run build:studio`: the studio into dist/sites/_studio (docs/decisions/071-studio-app.md). */
buildStudio(buildConfig(process.env), (line) => console.log(line)).catch((error: unknown) => {
  console.error(errorMessage(error))
  process.exit(1)
})
