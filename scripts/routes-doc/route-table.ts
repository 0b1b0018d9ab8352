/**
 * Every route of the app, read from the sources as written (no module is run): the host's routes
 * (host/src/router/host-routes.tsx) and each remote's `src/routes.ts`, their patterns looked up in the remote's
 * `src/paths.ts` or `@app/host-sdk/paths`' `appPaths`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export interface RouteEntry {
  /** The react-router pattern (`*`: any path no route claims). */
  path: string;
  /** `host` or the remote's folder name under remotes/. */
  owner: string;
  /** The page name of its meta (`pageMeta(name, …)`). */
  name: string;
  title: string;
  /** The page module, relative to the repository root; undefined for a redirect. */
  pageFile?: string;
  /** Where a route that renders no page of its own sends the user. */
  redirectTo?: string;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

function each(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => each(child, visit));
}

function stringOf(node: ts.Node | undefined): string | undefined {
  return node && ts.isStringLiteralLike(node) ? node.text : undefined;
}

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
}

/** The patterns of the first `definePaths({ … })` in a file, by name. */
export function definedPaths(file: string): Map<string, string> {
  const paths = new Map<string, string>();
  let found = false;
  each(parse(file), (node) => {
    if (found || !ts.isCallExpression(node) || node.expression.getText() !== 'definePaths') return;
    const argument = node.arguments[0];
    const object = argument && ts.isAsExpression(argument) ? argument.expression : argument;
    if (!object || !ts.isObjectLiteralExpression(object)) return;
    found = true;
    for (const property of object.properties) {
      const pattern = ts.isPropertyAssignment(property) ? stringOf(property.initializer) : undefined;
      if (pattern !== undefined) paths.set(property.name?.getText() ?? '', pattern);
    }
  });
  return paths;
}

/** The first call named `callee` under `node`. */
function firstCall(node: ts.Node, callee: (name: string) => boolean): ts.CallExpression | undefined {
  let call: ts.CallExpression | undefined;
  each(node, (child) => {
    if (!call && ts.isCallExpression(child) && callee(child.expression.getText())) call = child;
  });
  return call;
}

/** The module a route loads (`import('./pages/…')` anywhere in it), relative to the root. */
function pageFileOf(route: ts.Node, file: string, root: string): string | undefined {
  const load = firstCall(route, (name) => name === 'import');
  const specifier = stringOf(load?.arguments[0]);
  if (!specifier) return undefined;
  const base = join(dirname(file), specifier);
  const resolved = ['.tsx', '.ts'].map((extension) => base + extension).find((candidate) => existsSync(candidate));
  return relative(root, resolved ?? base);
}

function patternOf(expression: ts.Expression | undefined, scopes: Record<string, Map<string, string>>): string {
  if (!expression) throw new Error('a route without a path');
  const literal = stringOf(expression);
  if (literal !== undefined) return literal;
  if (ts.isPropertyAccessExpression(expression)) {
    const pattern = scopes[expression.expression.getText()]?.get(expression.name.text);
    if (pattern !== undefined) return pattern;
  }
  throw new Error(`a route path that names no known pattern: ${expression.getText()}`);
}

/** `pageMeta('Name', '标题', …)` written in the route, or the constant it names, declared in a file it imports. */
function metaOf(expression: ts.Expression | undefined, file: string): { name: string; title: string } {
  let call = expression && ts.isCallExpression(expression) ? expression : undefined;
  if (expression && ts.isIdentifier(expression)) {
    const constant = expression.text;
    const imported = [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)].find((match) =>
      (match[1] ?? '').split(',').some((item) => item.trim() === constant),
    );
    const declaredIn = imported ? `${join(dirname(file), imported[2] ?? '')}.ts` : file;
    each(parse(declaredIn), (node) => {
      if (ts.isVariableDeclaration(node) && node.name.getText() === constant && node.initializer && ts.isCallExpression(node.initializer)) {
        call = node.initializer;
      }
    });
  }
  const name = stringOf(call?.arguments[0]);
  const title = stringOf(call?.arguments[1]);
  if (name === undefined || title === undefined) throw new Error(`a route meta that is not pageMeta('name', 'title'): ${file}`);
  return { name, title };
}

/** The object literals of the array `const routes = [ … ]` exports. */
function routeObjects(source: ts.SourceFile, arrayName: string): ts.ObjectLiteralExpression[] {
  const objects: ts.ObjectLiteralExpression[] = [];
  each(source, (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === arrayName && node.initializer) {
      const array = node.initializer;
      if (!ts.isArrayLiteralExpression(array)) return;
      for (const element of array.elements) {
        const object = ts.isCallExpression(element) ? element.arguments[0] : element;
        if (object && ts.isObjectLiteralExpression(object)) objects.push(object);
      }
    }
  });
  return objects;
}

function appPathsOf(root: string): Map<string, string> {
  return definedPaths(join(root, 'shared/host-sdk/src/paths.ts'));
}

export function hostRoutes(root: string): RouteEntry[] {
  const file = join(root, 'host/src/router/host-routes.tsx');
  const scopes = { appPaths: appPathsOf(root) };
  return routeObjects(parse(file), 'hostRoutes').map((route) => {
    const handle = firstCall(route, (name) => name === 'hostHandle');
    const redirect = stringOf(firstCall(route, (name) => name === 'appHref')?.arguments[0]);
    return {
      path: patternOf(propertyOf(route, 'path'), scopes),
      owner: 'host',
      name: stringOf(handle?.arguments[0]) ?? '',
      title: stringOf(handle?.arguments[1]) ?? '',
      pageFile: pageFileOf(route, file, root),
      redirectTo: redirect === undefined ? undefined : scopes.appPaths.get(redirect),
    };
  });
}

export function remoteNames(root: string): string[] {
  return readdirSync(join(root, 'remotes'))
    .filter((name) => existsSync(join(root, 'remotes', name, 'src/routes.ts')))
    .sort();
}

export function remoteRoutes(root: string, remote: string): RouteEntry[] {
  const file = join(root, 'remotes', remote, 'src/routes.ts');
  const scopes = { appPaths: appPathsOf(root), paths: definedPaths(join(root, 'remotes', remote, 'src/paths.ts')) };
  return routeObjects(parse(file), 'routes').map((route) => ({
    path: patternOf(propertyOf(route, 'path'), scopes),
    owner: remote,
    ...metaOf(propertyOf(route, 'meta'), file),
    pageFile: pageFileOf(route, file, root),
  }));
}

/** The host's routes (its fallback last), then each remote's, remotes in name order, routes as each declares them. */
export function allRoutes(root: string): RouteEntry[] {
  return [...hostRoutes(root), ...remoteNames(root).flatMap((remote) => remoteRoutes(root, remote))];
}
