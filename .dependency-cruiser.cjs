/**
 * The import rules of the codebase (docs/architecture.md, "The parts"), checked by `architecture.test.ts` with
 * dependency-cruiser. Paths are relative to the repository root.
 */
const CLIENT = '^(host|remotes/[^/]+|shared/(host-sdk|ui|widgets))/';
/** A remote, or @app/widgets (the widgets remotes share, bundled into each: it is allowed what a remote is allowed). */
const REMOTE_CODE = '^(remotes/[^/]+|shared/widgets)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No module imports itself through others: a cycle hides which of them is the lower layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'imports-resolve',
      comment: 'Every import resolves: a package is a dependency of the one that imports it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'calls-never-import-calls',
      comment: 'A calls file holds its calls; what two of them share lives in its domain folder (tasks/, tax-accounts/, invoices/…).',
      severity: 'error',
      from: { path: '^server/src/calls/', pathNot: '^server/src/calls/all-calls\\.ts$' },
      to: { path: '^server/src/calls/' },
    },
    {
      name: 'remotes-through-the-contract',
      comment:
        'A remote (and @app/widgets) reaches HTTP, the router, UI and the federation runtime only through @app/host-sdk and @app/ui.',
      severity: 'error',
      from: { path: REMOTE_CODE },
      to: {
        path: '(^|node_modules/)(axios|react-router|react-router-dom|antd-mobile|@module-federation/enhanced)(/|$)|(^|node_modules/)jotai/(esm/)?utils',
      },
    },
    {
      name: 'remotes-stay-apart',
      comment: 'A remote never imports another remote or the host: they are released apart.',
      severity: 'error',
      from: { path: '^remotes/([^/]+)/' },
      to: { path: '^(host/|remotes/)', pathNot: '^remotes/$1/' },
    },
    {
      name: 'pages-stay-apart',
      comment:
        'A page imports only its own folder, features/ and the shared packages, never another page: what two pages share is a feature (src/features/<feature>/), so a page can change or go without breaking another.',
      severity: 'error',
      from: { path: '^(host|remotes/[^/]+)/src/pages/([^/]+)/' },
      to: { path: '^(host|remotes/[^/]+)/src/pages/', pathNot: '^$1/src/pages/$2/' },
    },
    {
      name: 'widgets-serve-the-remotes',
      comment: '@app/widgets is bundled into the remotes: it never imports a remote or the host.',
      severity: 'error',
      from: { path: '^shared/widgets/' },
      to: { path: '^(host|remotes)/' },
    },
    {
      name: 'widgets-sit-on-the-shared-packages',
      comment:
        'The shared packages below @app/widgets (and the server and deploy) never import it: a widget is composed of them, not the other way.',
      severity: 'error',
      from: { path: '^(shared/(ui|host-sdk|domain|contract|build-config)|server|deploy)/' },
      to: { path: '^shared/widgets/' },
    },
    {
      name: 'only-ui-imports-antd-mobile',
      severity: 'error',
      from: { path: '^(host|shared/(host-sdk|domain|contract|widgets))/' },
      to: { path: '(^|node_modules/)antd-mobile(/|$)' },
    },
    {
      name: 'domain-stays-pure',
      comment: '@app/domain is rules only: no React, no I/O.',
      severity: 'error',
      from: { path: '^shared/domain/src/' },
      to: { path: '(^|node_modules/)(react|react-dom|axios)(/|$)|^(fs|path|os|http|https|net|child_process)$|^node:' },
    },
    {
      name: 'clients-import-the-contract-as-types-only',
      comment: 'The contract (TypeBox schemas) never reaches a browser bundle: client code imports its types only.',
      severity: 'error',
      from: { path: CLIENT, pathNot: '\\.test\\.tsx?$|/test/|/test-support/' },
      to: { path: '^shared/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'only-tests-import-the-page-harness',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$|/test/|/test-support/|^shared/host-sdk/src/testing' },
      to: { path: '^shared/host-sdk/src/testing' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.e2e|\\.releases)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
