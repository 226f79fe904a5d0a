// vitest runs outside Next's react-server environment, where the real "server-only" throws.
export {};
