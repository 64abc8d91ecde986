/**
 * The start-up script of index.html (issue 17, first load). Without it a page waited on a chain:
 * HTML → entry script → session check → the screen's chunk → the screen's data. This build step
 * writes an inline script at the end of <body> that runs while the HTML is parsed and, for the
 * current path:
 * - asks for the session (`/api/account/current`) and, once it says someone is signed in, the
 *   screen's first GET requests (src/app/boot-routes.ts; a visitor's browser asks for nothing
 *   private), leaving each response promise in `window.__permitdeskPrefetch` where the request
 *   function takes it (src/lib/prefetch.ts; null when nobody was signed in);
 * - modulepreloads the screen's chunk with the chunks it imports, and preloads its CSS, found in
 *   the build's bundle (what the entry already loads is left out);
 * - hides the static header (`#boot-shell`, painted at once with the CSS) on the staff console,
 *   which has its own shell;
 * - then, just after the first paint (a frame, then a task: before it, it would delay the paint),
 *   while all that downloads, loads the engine's en-AU date and number data (ICU) by making one
 *   Intl.DateTimeFormat (Sydney) and one Intl.NumberFormat (issue 25): the page's first date format
 *   costs 60-110 ms on a phone-like CPU (4× slowdown) whoever asks first, and it was asked inside
 *   the first screen's long tasks (react-aria's locale check, the calendar module) after the code
 *   had arrived; here the main thread is otherwise waiting for the network. Not on a screen that
 *   formats no date (BootRoute.formatsDates false, the payment page): there it was a long task
 *   of its own that nothing used.
 * The server hashes the script into the page's Content-Security-Policy (api/src/server/gateway.ts).
 *
 * It also writes the entry's stylesheet into the page as a <style> (issue 25, first paint): a
 * stylesheet link in <head> held the first paint (the static header) until the CSS had arrived,
 * one more round trip on a phone; inline, the header paints as soon as the HTML is parsed. The
 * CSP already allows inline styles (api/src/server/security-headers.ts appCsp).
 */
import path from 'node:path'
import type { Plugin, Rollup } from 'vite'
import { bootRoutes, SESSION_URL } from '../src/app/boot-routes'
import { canonicalUrl, PREFETCH_GLOBAL } from '../src/lib/prefetch'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/** `noDates`: 1 when the screen formats no date (BootRoute.formatsDates false): no date data warm-up. */
type Compiled = [pattern: string, js: string[], css: string[], data: string[], noDates?: 1]

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')

/** A chunk and every chunk it imports statically, by file name. */
function closure(bundle: OutputBundle, start: string): Set<string> {
  const seen = new Set<string>()
  const queue = [start]
  while (queue.length) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const chunk = bundle[file]
    if (chunk?.type === 'chunk') queue.push(...chunk.imports)
  }
  return seen
}

const cssOf = (bundle: OutputBundle, files: Iterable<string>) => {
  const css = new Set<string>()
  for (const file of files) {
    const chunk = bundle[file] as (OutputChunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined
    for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet)
  }
  return css
}

/** The script itself: small, ES5, never throws (a failure only means the app loads as before). */
export function bootScript(routes: readonly Compiled[], sessionUrl: string): string {
  return `(function(){try{var w=window,d=document,p=location.pathname,n=Date.now(),a=w[${JSON.stringify(PREFETCH_GLOBAL)}]={},R=${JSON.stringify(routes)};
function f(u){var r=fetch(u,{credentials:"include",headers:{accept:"application/json"}});r["catch"](function(){});return r}
function g(u,w){var r=w?w.then(function(o){return o?f(u):null}):f(u);r["catch"](function(){});a[u]={at:n,response:r};return r}
function l(h,c){var e=d.createElement("link");e.rel=c;e.href=h;e.crossOrigin="";if(c=="preload")e.as="style";d.head.appendChild(e)}
var s=d.querySelector('meta[name="permitdesk-staff-path"]');if(s&&p.toLowerCase().indexOf(s.content.toLowerCase())==0){var y=d.createElement("style");y.textContent="#boot-shell{display:none}";d.head.appendChild(y)}
var S=g(${JSON.stringify(sessionUrl)}),W=S.then(function(r){return r.ok?r.clone().json():null}).then(function(b){return!!(b&&b.user)},function(){return!1});
var N=0;for(var i=0;i<R.length;i++){var m=new RegExp(R[i][0],"i").exec(p);if(!m)continue;
R[i][1].forEach(function(h){l(h,"modulepreload")});R[i][2].forEach(function(h){l(h,"preload")});
R[i][3].forEach(function(u){g(u.replace("$1",m[1]),W)});N=R[i][4];break}}catch(e){}
function I(){try{new Intl.DateTimeFormat("en-AU",{timeZone:"Australia/Sydney",hour:"numeric"}).format(0);new Intl.NumberFormat("en-AU").format(0)}catch(e){}}
if(!N)try{w.requestAnimationFrame(function(){setTimeout(I,0)})}catch(e){setTimeout(I,0)}})()`
}

/** Replaces the entry's `<link rel="stylesheet">` tags with the sheets' text (see the header comment). */
export function inlineEntryCss(html: string, bundle: OutputBundle, base: string, sheets: Iterable<string>): string {
  let out = html
  for (const file of sheets) {
    const asset = bundle[file]
    if (asset?.type !== 'asset') throw new Error(`boot-plugin: no CSS asset ${file}`)
    const css = String(asset.source)
    // A relative url() would resolve against the page instead of the sheet's folder.
    if (/url\(\s*['"]?(?![a-z]+:|\/)/i.test(css)) throw new Error(`boot-plugin: ${file} has a relative url(); it cannot be inlined`)
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="${(base + file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`)
    if (!link.test(out)) throw new Error(`boot-plugin: index.html has no stylesheet link for ${file}`)
    // `</style` cannot occur in CSS Vite emits, but a stray one would end the element early. The
    // disabled link (never fetched: a disabled stylesheet is not loaded) tells Vite's preload
    // helper that the sheet is on the page: a lazy chunk that lists it among its dependencies
    // would otherwise load it again and append it after the screens' own sheets.
    out = out.replace(link, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="${base + file}" disabled>`)
  }
  return out
}

export function bootPlugin(): Plugin {
  let root = ''
  let base = '/'
  return {
    name: 'permitdesk-boot',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const chunks = chunksOf(bundle)
        const entry = chunks.find((chunk) => chunk.isEntry)
        if (!entry) throw new Error('boot-plugin: no entry chunk')
        const loaded = closure(bundle, entry.fileName)
        const loadedCss = cssOf(bundle, loaded)
        const compiled: Compiled[] = bootRoutes.map((route) => {
          const id = path.resolve(root, route.module)
          // The screen's own chunk, or (preserveEntrySignatures: false) the chunk its module was merged into.
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id))
          if (!chunk) throw new Error(`boot-plugin: no chunk for ${route.module} (is it still a lazy screen?)`)
          const files = [...closure(bundle, chunk.fileName)].filter((file) => !loaded.has(file))
          const css = [...cssOf(bundle, files)].filter((file) => !loadedCss.has(file))
          const compiledRoute: Compiled = [route.pattern, files.map((file) => base + file), css.map((file) => base + file), [...route.data]]
          if (route.formatsDates === false) compiledRoute.push(1)
          return compiledRoute
        })
        // In the head, before the stylesheet: an inline script after a pending stylesheet would
        // wait for it (CSSOM), and start everything a CSS download later.
        const script = `<script>${bootScript(compiled, canonicalUrl(SESSION_URL))}</script>`
        if (!html.includes('</title>')) throw new Error('boot-plugin: index.html has no <title>')
        return inlineEntryCss(html.replace('</title>', `</title>\n    ${script}`), bundle, base, loadedCss)
      },
    },
  }
}
