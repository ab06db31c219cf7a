/**
 * @module What a command function writes to process.stdout and process.stderr, captured: the CLI's
 * commands write there directly, and a unit test calls them as functions rather than starting the
 * binary.
 */

type Write = typeof process.stdout.write;

/** Runs `fn` with both streams' `write` captured (restored afterwards); returns its result, or what it threw, and the text. */
export async function capturingOutput<T>(
  fn: () => Promise<T>,
): Promise<{ result?: T; error?: unknown; stdout: string; stderr: string }> {
  const saved: [Write, Write] = [process.stdout.write, process.stderr.write];
  const text = { stdout: '', stderr: '' };
  const into = (key: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      text[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as Write;
  process.stdout.write = into('stdout');
  process.stderr.write = into('stderr');
  try {
    return { result: await fn(), ...text };
  } catch (error) {
    return { error, ...text };
  } finally {
    [process.stdout.write, process.stderr.write] = saved;
  }
}
