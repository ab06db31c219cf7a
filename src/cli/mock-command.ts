/** @module `conformance mock`: placeholder until the mock lands. */
export async function mockCommand(_argv: string[]): Promise<number> {
  process.stderr.write('conformance mock: not implemented yet\n');
  return 2;
}
