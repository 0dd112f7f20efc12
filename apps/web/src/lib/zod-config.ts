import { config } from 'zod';

// The app's CSP forbids eval. Without jitless, zod probes `new Function` while building object schemas
// (to compile fast parsers); the probe is caught but still reported as a CSP violation. vite.config.ts
// bundles this file into zod's own chunk, so it runs before any schema is built.
config({ jitless: true });
