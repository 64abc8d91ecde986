/**
 * Builds the wizard app, the draw verify panel and the CMS admin without a database, stamped as `npm start` checks them
 * (the Docker image's build step: with NODE_ENV=production the server refuses to start without
 * them). The CMS build reads no data; Payload only needs a database URL and a secret to load.
 *   node --import tsx api/src/server/build-ahead.ts
 */
import { buildCms, buildDrawVerifier, buildWizard } from './build'

const say = (line: string) => process.stdout.write(`  ${line}\n`)
await buildWizard(say)
await buildDrawVerifier(say)
await buildCms(say, {
  DATABASE_URL: 'postgres://build@localhost/build',
  PAYLOAD_SECRET: 'build-only-secret-0123456789abcdef',
  PUBLIC_URL: 'http://localhost:3000',
})
