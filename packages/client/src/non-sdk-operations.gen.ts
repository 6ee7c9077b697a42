// Generated from openapi/openapi.json (`x-sdk: false`) by `pnpm openapi`: do not edit.

/** The operations of the document no SDK method performs: MCP, the accounts, the public pages. */
export type NonSdkOperationId =
  | 'callMcp'
  | 'signUpEmail'
  | 'signInEmail'
  | 'getAuthSession'
  | 'signOut'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'submitPublicPage'
  | 'startPublicPage'
  | 'getPublicPageChallenge';
