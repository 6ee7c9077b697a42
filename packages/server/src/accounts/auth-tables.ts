/**
 * Where better-auth keeps its records: our table names and snake_case columns, in the one
 * migration history (`storage/migrations/0016-accounts.ts`). better-auth's own camelCase field
 * names are mapped here once; `auth-tables.test.ts` holds this list, the migration and
 * better-auth's schema for these options to each other, so an upgrade that adds a field fails
 * a test instead of a sign-in.
 */
function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function model<const Fields extends readonly string[]>(modelName: string, camelCaseFields: Fields) {
  return {
    modelName,
    fields: Object.fromEntries(camelCaseFields.map((field) => [field, snakeCase(field)])) as Record<
      Fields[number],
      string
    >,
  };
}

export const AUTH_TABLES = {
  user: model('users', ['emailVerified', 'createdAt', 'updatedAt', 'instanceAdmin']),
  session: model('sessions', ['expiresAt', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent', 'userId']),
  account: model('accounts', [
    'accountId',
    'providerId',
    'userId',
    'accessToken',
    'refreshToken',
    'idToken',
    'accessTokenExpiresAt',
    'refreshTokenExpiresAt',
    'createdAt',
    'updatedAt',
  ]),
  verification: model('verifications', ['expiresAt', 'createdAt', 'updatedAt']),
  rateLimit: model('rate_limits', ['lastRequest']),
} as const;
