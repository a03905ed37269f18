/** Reads again until the answer satisfies `ok`, for changes that travel asynchronously (e.g. through NOTIFY). */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}
