/**
 * oidc-provider, imported without its start-up notice about the Node.js version: the server
 * says what matters about the runtime itself (see config.ts startupWarnings), once, in its own
 * log format, instead of every newcomer on Node 20 seeing a warning they cannot act on.
 */
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime'))
    return;
  warn(...args);
};
const imported = await import('oidc-provider').finally(() => {
  console.warn = warn;
});

export const Provider = imported.default;
