/** The kinds of picture the shop's upload pipeline takes. */
export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * Sends one reference photo to POST /api/commissions/photos (the shop strips its EXIF and GPS data) and answers the
 * address it is served at, or throws with the shop's reason (too large, not a picture, too many uploads).
 */
export async function uploadReferencePhoto(file: File): Promise<string> {
  const response = await fetch('/api/commissions/photos', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) throw new Error(body.message ?? 'The photo could not be uploaded. Please try again.');
  return body.url;
}
