// The admin password of the end-to-end server, in a module of its own: importing serve.ts would start a server.
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
