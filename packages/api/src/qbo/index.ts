export {
  QboConnection,
  qboErrorMessage,
  toQboAppError,
  type QboConnectionOptions,
  type QboSetupStatus,
  type QboCallbackInput,
} from './connection';
export { createDbQboTokenStore, QBO_PROVIDER, type DbQboTokenStore } from './token-store';
export {
  issueOAuthState,
  consumeOAuthState,
  isValidOAuthState,
  oauthStateBinding,
  OAUTH_STATE_LIFETIME_MS,
} from './oauth-states';
export { deriveSecretKey, sealSecret, openSecret } from './secret-box';
