import type { Config } from '../config';
import { squareCardForm } from '../modules/payments';
import { squareHosts } from '../domain/square-web';

/**
 * The page's Content-Security-Policy directives (helmet adds its defaults: default-src 'self', object-src 'none'...).
 * With Square's card fields, exactly what Square's Web Payments SDK needs is added, for the application id's
 * environment only: square.js and the card fields' frames from Square's CDN, and the SDK's calls to the CDN and
 * to the card-data host (pci-connect). Nothing else from outside may run, frame or be called.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const square = squareCardForm(config);
  const hosts = square ? squareHosts(square.environment) : undefined;
  return {
    'script-src': ["'self'", ...(hosts ? [hosts.cdn] : [])],
    // Mantine sets style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    ...(hosts ? { 'frame-src': [hosts.cdn], 'connect-src': ["'self'", hosts.cdn, hosts.pciConnect] } : {}),
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': config.isProduction ? [] : null,
  };
}
