import { createRequire } from 'node:module';
import express, { type Router } from 'express';

// GET /api/docs: an interactive reference of /api/openapi.json, drawn by Redoc from our own origin (its standalone
// bundle, served from node_modules: no CDN, so the content security policy stays 'self').
const redocBundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/** Redoc styles with inline styles and runs its search in a worker made from a blob. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Turnery API reference</title>
</head>
<body>
<noscript><p>The reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<redoc spec-url="/api/openapi.json" hide-download-button="false" path-in-middle-panel="true" required-props-first="true"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>`;

export function apiDocsRoutes(): Router {
  const routes = express.Router();
  routes.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_POLICY);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  });
  routes.get('/docs/redoc.standalone.js', (_req, res) => {
    res.sendFile(redocBundle, { maxAge: '1d' });
  });
  return routes;
}
