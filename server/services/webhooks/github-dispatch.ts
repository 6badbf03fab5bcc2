/**
 * The publish relay to GitHub Actions (docs/decisions/028-deploy-and-publish-relay.md): a
 * publish becomes a `repository_dispatch` that .github/workflows/rebuild-tenant.yml waits for,
 * sent through the same PostgreSQL outbox as the publish webhooks (publisher.ts, delivery.ts),
 * so it is retried with backoff, survives restarts and is sent once by one of several APIs.
 * The request is the one GitHub's REST API documents for "Create a repository dispatch event".
 */
import { PUBLISH_DISPATCH_TYPE, type PublishEvent } from '#contract/publish-event.ts'

export const GITHUB_API_VERSION = '2022-11-28'

export interface GithubDispatch {
  /** `<GITHUB_API_URL>/repos/<owner>/<repo>/dispatches`: also the outbox rows' url. */
  readonly url: string
  /** A fine-grained token with Contents: write on the repository (never stored in a row). */
  readonly token: string
}

const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/

/**
 * GITHUB_REPOSITORY (`owner/repo`) and GITHUB_DISPATCH_TOKEN turn the relay on; GITHUB_API_URL
 * (https://api.github.com by default, the variable GitHub Enterprise and the tests set) says
 * where to. The repository alone is not enough (Actions sets it in every job): nothing is sent.
 */
export function githubDispatchFrom(env: NodeJS.ProcessEnv): GithubDispatch | undefined {
  const token = env.GITHUB_DISPATCH_TOKEN?.trim() ?? ''
  const repository = env.GITHUB_REPOSITORY?.trim() ?? ''
  if (token === '') return undefined
  if (!REPOSITORY.test(repository)) {
    throw new Error(
      `GITHUB_DISPATCH_TOKEN is set: GITHUB_REPOSITORY must be owner/repo, got "${repository}"`,
    )
  }
  const api = (env.GITHUB_API_URL?.trim() || 'https://api.github.com').replace(/\/+$/, '')
  return { url: `${api}/repos/${repository}/dispatches`, token }
}

/**
 * The publish event as `client_payload` (the workflow reads its `host`); the event has six
 * top-level keys, under GitHub's limit of 10.
 */
export function dispatchBody(payload: PublishEvent): string {
  return JSON.stringify({ event_type: PUBLISH_DISPATCH_TYPE, client_payload: payload })
}

export function dispatchHeaders(dispatch: GithubDispatch): Record<string, string> {
  return {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${dispatch.token}`,
    'x-github-api-version': GITHUB_API_VERSION,
    'content-type': 'application/json',
    // GitHub refuses requests without a User-Agent.
    'user-agent': 'storefront-publish-relay',
  }
}
