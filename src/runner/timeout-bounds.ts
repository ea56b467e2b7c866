// Apart from the test-file schema so the commands that only need the bounds do not load the schema library.

/** docs/test-files.md, "Configuration": timeout_s is an integer from 1 to 300, default 60. */
export const timeoutBounds = { min: 1, max: 300, default: 60 } as const;
