/** @module The suite's name and version as every report states them (`conformance merge` refuses to mix versions). */
export const TOOL = { name: 'conformance-suite', version: '0.3.0' } as const;
