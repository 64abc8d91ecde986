/**
 * The boundary lint (issue 11): `npm test -- boundaries` (scripts/check-boundaries.mjs, also a
 * step of every `npm test`) cruises shared/src api/src wizard/src site/src cms/src with these
 * rules, and cruises tests/boundaries/fixture/ to prove each rule still fails on a deliberately
 * bad import (tests/boundaries/expected.json).
 */

/** Files that may run SQL: repositories, the db folder, migrations, tests (scripts/sql-allowed.cjs, shared with the raw-SQL text check). */
const { SQL_ALLOWED } = require('./scripts/sql-allowed.cjs')

/** Modules' files that are HTTP adapters, not use cases: route lists and the route hooks they install. */
const HTTP_ADAPTERS = ['\\.routes\\.ts$', '\\.test\\.ts$', '(^|/)api/src/modules/admin/admin-guard\\.ts$', '(^|/)api/src/modules/idempotency/idempotency\\.ts$']

module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'shared is the pure domain: no framework, no I/O (node built-ins, express, react, pg, drizzle...). Only zod.',
      severity: 'error',
      from: { path: '(^|/)shared/src/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypesNot: ['local', 'aliased-workspace', 'core'],
        pathNot: '(^|/)node_modules/zod/',
      },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'shared does no I/O: no node: built-ins.',
      severity: 'error',
      from: { path: '(^|/)shared/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'clients-not-into-api',
      comment: 'site, cms and wizard talk to the API over HTTP; they never import api/src.',
      severity: 'error',
      from: { path: '(^|/)(site|cms|wizard)/' },
      to: { path: '(^|/)api/src/' },
    },
    {
      name: 'wizard-feature-isolation',
      comment: 'A wizard feature never imports another feature: shared pieces go in components/, lib/ or config/.',
      severity: 'error',
      from: { path: '(^|/)wizard/src/features/([^/]+)/' },
      to: { path: '(^|/)wizard/src/features/', pathNot: '(^|/)wizard/src/features/$2/' },
    },
    {
      name: 'sql-only-in-repositories',
      comment: 'The SQL builder (drizzle-orm, pg) is imported only by *.repository.ts files, the db/ folder, migrations and tests.',
      severity: 'error',
      from: { pathNot: SQL_ALLOWED },
      // A type-only import (a repository's parameter type such as pg.Pool) runs no SQL.
      to: { path: '(^|/)node_modules/(drizzle-orm|pg)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-http-in-use-cases',
      comment:
        'Use cases are plain functions (STYLE.md): only route files (and the route hooks) import the http/ layer; shared types live in the module or in shared.',
      severity: 'error',
      from: { path: '(^|/)api/src/modules/', pathNot: HTTP_ADAPTERS },
      to: { path: '(^|/)api/src/http/' },
    },
    {
      name: 'staff-feature-isolation',
      comment: 'The staff console and the customer features do not import each other: shared pieces go in components/, lib/ or config/.',
      severity: 'error',
      from: { path: '(^|/)wizard/src/staff/' },
      to: { path: '(^|/)wizard/src/features/' },
    },
    {
      name: 'features-not-into-staff',
      comment: 'A customer feature never imports the staff console.',
      severity: 'error',
      from: { path: '(^|/)wizard/src/features/' },
      to: { path: '(^|/)wizard/src/staff/' },
    },
    {
      name: 'promotions-below-its-dependants',
      comment:
        'payments, reminders and terms build on promotions (they read its repository): promotions never imports them, nor the promotion overview that combines them (modules/promotion-overview, a read module above all of them; issue 31). The checks and writes a promotion save runs from payments and terms come in as PromotionChecks (api/src/promotion-checks.ts).',
      severity: 'error',
      from: { path: '(^|/)api/src/modules/promotions/' },
      to: {
        path: '(^|/)api/src/modules/(payments|reminders|terms|promotion-overview)/',
      },
    },
    {
      name: 'no-circular',
      comment:
        'No file reaches itself through its imports (issue 31): move the shared type or function to where both can use it. Type-only imports count too: a circle of types is a circle of meaning.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.astro|\\.next)/' },
    // TypeScript 7 has no compiler API yet for dependency-cruiser to use: sources are parsed with swc.
    parser: 'swc',
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
