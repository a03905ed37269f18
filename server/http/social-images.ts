import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type Router } from 'express';
import { errorBody } from './errors';
import { socialImage } from '../images/image-pipeline';

/** A shipped image's path under /images/, without its type: 'products/cherry-yarn-bowl'. */
const SHIPPED = /^\/images\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.jpg$/;
const SOURCE_TYPES = ['svg', 'png', 'jpg'];
/** Vector drawings are drawn at this density (dpi) before scaling, so edges stay sharp at 1200 px. */
const SVG_DENSITY = 300;

/**
 * GET /og/images/<path>.jpg: the 1200x630 link-preview picture of an image the shop ships (the demo products' and
 * posts' drawings, the home page's picture), for Open Graph and Twitter/X cards, which show no SVG. Made on first
 * request from the file itself and kept: the files only change with a new release.
 */
export function socialImageRoutes(folders: string[]): Router {
  const routes = express.Router();
  const made = new Map<string, Promise<Buffer | undefined>>();

  async function make(name: string): Promise<Buffer | undefined> {
    for (const folder of folders) {
      for (const type of SOURCE_TYPES) {
        const source = await fs.readFile(path.join(folder, 'images', `${name}.${type}`)).catch(() => undefined);
        if (source) return socialImage(source, { density: type === 'svg' ? SVG_DENSITY : undefined });
      }
    }
    return undefined;
  }

  routes.get('/og/*path', async (req, res, next) => {
    const name = SHIPPED.exec(req.path.slice('/og'.length))?.[1];
    if (!name) return next();
    let picture = made.get(name);
    if (!picture) {
      picture = make(name).catch(() => undefined);
      made.set(name, picture);
    }
    const bytes = await picture;
    if (!bytes) {
      made.delete(name);
      res.status(404).json(errorBody(404, 'No such image'));
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/jpeg').send(bytes);
  });
  return routes;
}
