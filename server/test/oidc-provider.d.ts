// oidc-provider ships no types: the few members the test issuer uses (server/test/oidc-issuer.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Interaction {
    readonly prompt: { readonly name: string }
    readonly params: Readonly<Record<string, unknown>>
    readonly session?: { readonly accountId?: string }
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: new (input: {
      accountId: string
      clientId: string
    }) => GrantInstance
    on(event: string, listener: (...args: unknown[]) => void): void
  }
}
