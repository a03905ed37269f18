// The admin module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { resetAdminAccount } from './account-reset';
export { accountRouter } from './account.router';
export { AdminPasswordService } from './admin-password.service';
export { AdminSessionService } from './admin-session.service';
export type { IAdminSession } from './admin-session.entity';
export type { IApiToken } from './api-token.entity';
export { apiTokensRouter } from './api-tokens.router';
export { ApiTokenService } from './api-tokens.service';
export { authRouter } from './auth.router';
export { keepOrderLinkKey } from './server-settings';
export { statsRouter } from './stats.router';
export {
  attachUploads,
  findUpload,
  forgetUnattachedPhotos,
  importDiskUploads,
  saveUpload,
  uploadHash,
  uploadedAgain,
} from './upload-store';
export { isVariantName, lateVariant, storeVariants } from './upload-variants';
