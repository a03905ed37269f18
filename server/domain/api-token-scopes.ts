// What an API token may do (shared with the admin's token form): read only (GET), or read and write.
export const API_TOKEN_SCOPES = ['read-only', 'read-write'] as const;

export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
