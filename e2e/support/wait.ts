/**
 * Waiting for a condition outside the page (a task finishing on the server, an SMS arriving): asks again every 100 ms
 * until it holds, for as long as a busy machine may need (a minute by default), then fails saying what it waited for.
 */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
