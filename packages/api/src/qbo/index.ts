export { QboConnection, qboErrorMessage, toQboAppError } from './connection';
export type { QboConnectionOptions } from './connection-options';
export type { QboSetupStatus } from './setup-status';
export type { QboCallbackInput } from './authorization-callback';
export { createDbQboTokenStore, QBO_PROVIDER, type DbQboTokenStore } from './token-store';
export {
  issueOAuthState,
  consumeOAuthState,
  isValidOAuthState,
  oauthStateBinding,
  OAUTH_STATE_LIFETIME_MS,
} from './oauth-states';
export { deriveSecretKey, sealSecret, openSecret } from './secret-box';
