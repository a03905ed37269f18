/** The kinds of picture the shop's upload pipeline takes. */
export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * Sends one photo of a buyer's to the shop's upload pipeline at `address` (POST /api/commissions/photos for a
 * commission's reference photo, /api/reviews/photos?token= for a review's; the shop strips its EXIF and GPS data)
 * and answers the address it is served at, or throws with the shop's reason (too large, not a picture, too many
 * uploads, a link no longer valid).
 */
export async function uploadPhoto(file: File, address: string): Promise<string> {
  const response = await fetch(address, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) throw new Error(body.message ?? 'The photo could not be uploaded. Please try again.');
  return body.url;
}
