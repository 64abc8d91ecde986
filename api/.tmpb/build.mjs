import * as esbuild from 'esbuild'
await esbuild.build({
  entryPoints: ['api/src/app.ts'], bundle: true, platform: 'node', format: 'esm', outfile: 'api/.tmpb/y/app.mjs', logLevel: 'error', target: 'node22',
  plugins: [{ name: 'externals', setup(b) { b.onResolve({ filter: /^[^./]/ }, (args) => args.path.startsWith('@permitdesk/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true }) } }],
})
