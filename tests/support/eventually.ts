/** Reads again until the answer satisfies `ok`, for changes that travel asynchronously (e.g. through NOTIFY). */
export async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}
