/** oidc-provider ships no types: what the tests use of it. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface Context {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }
  interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Array<Record<string, unknown>>;
    jwks: { keys: unknown[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    features: Record<string, { enabled: boolean }>;
    interactions: { url(ctx: Context, interaction: { uid: string }): string };
    findAccount(ctx: Context, id: string): Account | undefined | Promise<Account | undefined>;
    loadExistingGrant(ctx: Context): Promise<Grant | undefined>;
    ttl?: Record<string, number>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (properties: { clientId: string; accountId: string }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: { login: { accountId: string } }, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
