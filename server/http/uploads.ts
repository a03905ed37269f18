import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { oas31 } from 'zod-openapi';
import { administratorOnly } from './admin-access';
import { errorBody } from './errors';
import { clientKey } from './client-key';
import { AppError } from '../trpc/errors';
import type { AppServices } from '../contract/app-services';
import { normaliseUpload, NotAnImageError } from '../images/image-pipeline';
import { findUpload, saveUpload, uploadedAgain, uploadHash, isVariantName, lateVariant, storeVariants } from '../modules/admin';
import { reviewLinkIsLive } from '../modules/reviews';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

// Only raster images, recognised by their first bytes rather than by what the sender claims. SVG is refused:
// it can carry script, and a shop photo never needs it.
const SIGNATURES: { ext: string; matches: (b: Buffer) => boolean }[] = [
  { ext: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { ext: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
];

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Public commission photos per request: a reference photo is at most this large (phones send 2 to 5 MB). */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

type Stored = { status: 201; url: string } | { status: 415; message: string };

/**
 * The one upload pipeline: recognised by its first bytes, decoded whole and re-encoded without any metadata (EXIF
 * with its GPS position, XMP, comments: normaliseUpload), stored under its content hash. The shop's own images get
 * their resized variants at once; a buyer's reference photo gets them only if a page asks (lateVariant), so a
 * stranger's upload costs one encode, not a dozen, and is stored unattached: deleted a day later unless a request
 * takes it (server/jobs/tasks.ts).
 */
async function storeImage(orm: MikroORM, body: Buffer, by: 'owner' | 'buyer'): Promise<Stored> {
  const kind = SIGNATURES.find((signature) => signature.matches(body));
  if (!kind) return { status: 415, message: 'Upload a PNG, JPEG, WebP or GIF image' };
  const em = orm.em.fork();
  const hash = uploadHash(body);
  let image;
  try {
    image = await normaliseUpload(body);
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    return { status: 415, message: 'This file is not a whole image: save it again as PNG or JPEG and upload that' };
  }
  const name = `${hash}.${image.ext}`;
  if (await uploadedAgain(em, name, by)) return { status: 201, url: `/uploads/${name}` };
  // Variants first: an address is handed out only once everything it stands for is stored.
  if (by === 'owner') await storeVariants(em, hash, image.bytes);
  await saveUpload(em, name, image.bytes, { unattached: by === 'buyer' });
  return { status: 201, url: `/uploads/${name}` };
}

function answer(res: Response, stored: Stored) {
  if (stored.status === 201) res.status(201).json({ url: stored.url });
  else res.status(415).json(errorBody(415, stored.message));
}

const bodyOf = (req: Request) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

/**
 * Counts `points` of a per-client limit for this request and goes on, or answers its 429 (with Retry-After) when the
 * limit is passed.
 */
async function limited(
  deps: { services: AppServices },
  req: Request,
  res: Response,
  next: NextFunction,
  limit: 'commissionPhoto' | 'commissionPhotoBytes',
  points: number,
) {
  if (points <= 0) return next();
  const what = limit === 'commissionPhoto' ? 'photo uploads' : 'megabytes of photos';
  try {
    await deps.services.rateLimits.consume(limit, clientKey(req, deps.services.forwarding), what, points);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const seconds = error.details.retryAfterSeconds;
    if (typeof seconds === 'number') res.setHeader('Retry-After', String(seconds));
    res.status(429).json(errorBody(429, error.message));
    return;
  }
  next();
}

/** The body's size as its Content-Length declares it, when it does and the photo's limit allows it. */
function declaredSize(req: Request): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  const size = Number(header);
  return size <= MAX_PHOTO_BYTES ? size : undefined;
}

/**
 * POST /api/admin/uploads: the raw image as the body (Content-Type image/png, image/jpeg, image/webp or
 * image/gif, up to 2 MB); answers 201 {url}. POST /api/commissions/photos: the same for a buyer's reference photo
 * (up to 8 MB), for anyone, counted per client: 20 photos and 40 MB per 10 minutes (the bytes sent, whatever
 * becomes of them); POST /api/reviews/photos?token= the same for a review's photo, with the review's live link (D37).
 * Plain express routes because the REST mirror reads only JSON.
 */
export function uploadRoutes(deps: { orm: MikroORM; services: AppServices }): Router {
  const routes = express.Router();
  routes.post('/admin/uploads', administratorOnly(deps), express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES }), async (req, res) => {
    answer(res, await storeImage(deps.orm, bodyOf(req), 'owner'));
  });
  // A buyer's photo, from anyone (a commission request's reference photo) or from a buyer holding a live review link.
  const buyerPhoto: RequestHandler[] = [
    // Counted before the body is read: a flood of large bodies is refused without reading them.
    (req, res, next) => limited(deps, req, res, next, 'commissionPhoto', 1),
    // Its bytes too, by its Content-Length, before it is read.
    async (req, res, next) => {
      const size = declaredSize(req);
      if (size === undefined) return next();
      res.locals.photoBytesCounted = true;
      await limited(deps, req, res, next, 'commissionPhotoBytes', size);
    },
    express.raw({ type: () => true, limit: MAX_PHOTO_BYTES }),
    // A body sent without its length (chunked) is counted once read.
    async (req, res, next) => {
      if (res.locals.photoBytesCounted === true) return next();
      await limited(deps, req, res, next, 'commissionPhotoBytes', bodyOf(req).length);
    },
    async (req, res) => {
      answer(res, await storeImage(deps.orm, bodyOf(req), 'buyer'));
    },
  ];
  routes.post('/commissions/photos', ...buyerPhoto);
  // A review's photo (D37): only with the review's live link (?token=), checked before anything is counted or read.
  routes.post(
    '/reviews/photos',
    async (req, res, next) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      if (token && (await reviewLinkIsLive(deps.orm.em.fork(), deps.services.orderLinks, token))) return next();
      res
        .status(400)
        .json(
          errorBody(
            400,
            'token: this review link is not valid (or has expired): use the link of your delivery email',
            'REVIEW_LINK_INVALID',
          ),
        );
    },
    ...buyerPhoto,
  );
  return routes;
}

const NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

async function storedImage(orm: MikroORM, name: string) {
  const em = orm.em.fork();
  if (NAME.test(name)) return findUpload(em, name);
  if (!isVariantName(name)) return undefined;
  // An image the decoder cannot read (stored before images were checked) has no variants.
  return (await findUpload(em, name)) ?? (await lateVariant(em, name).catch(() => undefined));
}

/**
 * GET /uploads/<name>: uploaded images and their resized variants (`<name>-<width>.<avif|webp|jpg>`,
 * `<name>-og.jpg`) from the database (every instance serves every image), immutable
 * (content-addressed names), strong ETag (the sha256), never run as a page.
 */
export function uploadedFiles(orm: MikroORM): Router {
  const files = express.Router();
  files.get('/:name', async (req, res) => {
    const name = req.params.name;
    const upload = await storedImage(orm, name);
    if (!upload) {
      res.status(404).json(errorBody(404, 'No such image'));
      return;
    }
    const etag = `"${upload.sha256}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Photos go out in emails (a build log's, a product's): a mail client, and the admin's email preview, load them
    // from another origin. The page headers' same-origin would block them; the other security headers stay.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const wanted = (req.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
    if (wanted.includes(etag) || wanted.includes('*')) {
      res.status(304).end();
      return;
    }
    res.type(upload.contentType).send(upload.bytes);
  });
  // Anything else under /uploads (the folder itself, a path of several parts, a dot-dot one) is no image: a 404
  // here, never the client's page shell.
  files.use((_req, res) => void res.status(404).json(errorBody(404, 'No such image')));
  return files;
}

/** The answer of an upload, as a named schema of the OpenAPI document. */
export const uploadedImageSchema: oas31.SchemaObject = {
  type: 'object',
  description: 'Where the stored image is served (its name is its content hash, so the same file gives the same address).',
  properties: {
    url: {
      type: 'string',
      format: 'uri-reference',
      description: 'The image, on this site',
      examples: ['/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg'],
    },
  },
  required: ['url'],
  additionalProperties: false,
  examples: [{ url: '/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg' }],
};

/** The upload in the API document (the generator only sees tRPC procedures); server/rest/openapi.ts adds its security. */
export const uploadOperation = {
  operationId: 'admin-uploads-create',
  tags: ['admin'],
  summary: 'Upload an image (raw body, PNG/JPEG/WebP/GIF, up to 2 MB); answers {url}',
  requestBody: {
    required: true,
    content: Object.fromEntries(
      ['image/png', 'image/jpeg', 'image/webp', 'image/gif'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  },
  responses: {
    201: {
      description: 'Stored',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/UploadedImage' } } },
    },
    413: { description: 'Larger than 2 MB' },
    415: { description: 'Not a PNG, JPEG, WebP or GIF image' },
  },
};

/** A buyer's reference photo in the API document: anyone may send one, a few at a time. */
export const commissionPhotoOperation = {
  operationId: 'commissions-photos-create',
  tags: ['commissions'],
  summary:
    'Upload a reference photo for a commission request (raw body, PNG/JPEG/WebP/GIF, up to 8 MB; its metadata is dropped); answers {url}',
  security: [],
  requestBody: uploadOperation.requestBody,
  responses: {
    201: uploadOperation.responses[201],
    413: { description: 'Larger than 8 MB' },
    415: { description: 'Not a PNG, JPEG, WebP or GIF image' },
    429: { description: 'Too many photos, or too many megabytes of photos, from this client: retry after the Retry-After header' },
  },
};

/** A review's photo in the API document: a buyer with the review's live link (D37), counted as a commission's photos. */
export const reviewPhotoOperation = {
  operationId: 'reviews-photos-create',
  tags: ['reviews'],
  summary:
    "Upload a photo for a review (raw body, PNG/JPEG/WebP/GIF, up to 8 MB; its metadata is dropped) with the review's link; answers {url} for the review's photoUrl",
  security: [],
  parameters: [
    {
      name: 'token',
      in: 'query',
      required: true,
      description: 'The signed token of the review link (/review/{token})',
      schema: { type: 'string', maxLength: 300, description: 'The signed token of the review link (/review/{token})' },
    },
  ],
  requestBody: uploadOperation.requestBody,
  responses: {
    201: uploadOperation.responses[201],
    400: { description: 'REVIEW_LINK_INVALID: the review link is not valid, has expired, or its item can no longer be reviewed' },
    413: { description: 'Larger than 8 MB' },
    415: { description: 'Not a PNG, JPEG, WebP or GIF image' },
    429: { description: 'Too many photos, or too many megabytes of photos, from this client: retry after the Retry-After header' },
  },
};
