/** A setting the server cannot start with: its message says which and what to write instead. */
export class ConfigError extends Error {}
