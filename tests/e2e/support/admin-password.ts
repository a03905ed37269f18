// The end-to-end shops' admin password and session secret (support/shop-process.ts starts them with these): specs
// sign in with the one and sign links as the shop does with the other.
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_SESSION_SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
