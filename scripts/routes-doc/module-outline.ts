/**
 * The outline of one module, for following what a page uses (page-calls.ts): its top-level declarations by name,
 * what runs when it is imported, and where each imported or re-exported name comes from. Types carry no calls and
 * are left out.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface ImportedName {
  file: string;
  /** The name the other module exports (`default` for a default import). */
  name: string;
}

export interface ModuleOutline {
  /** Every top-level statement that is not an import or a type. */
  statements: ts.Statement[];
  /** The statements that declare each top-level name (`default` for the default export). */
  declarations: Map<string, ts.Statement[]>;
  /** Top-level statements that declare nothing: they run when the module is imported. */
  effects: ts.Statement[];
  /** Local names bound by an import of a followed module. */
  imports: Map<string, ImportedName>;
  /** Modules imported whole: `import * as`, or for their effects alone. */
  wholeImports: string[];
  /** Names exported from another module (`export { a as b } from './x'`), by the name exported here. */
  reexports: Map<string, ImportedName>;
  /** Modules whose every export this one passes on (`export * from`). */
  exportAll: string[];
}

type Resolve = (specifier: string) => string | undefined;

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

function isExportedDefault(statement: ts.Statement): boolean {
  const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
  return modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
}

/** The names a statement declares; undefined for a statement that declares nothing. */
function declaredNames(statement: ts.Statement): string[] | undefined {
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return [];
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((item) => bindingNames(item.name));
  if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) {
    const names = statement.name ? [statement.name.text] : [];
    return isExportedDefault(statement) ? [...names, 'default'] : names;
  }
  if (ts.isExportAssignment(statement)) return ['default'];
  return undefined;
}

function readImport(statement: ts.ImportDeclaration, target: string, outline: ModuleOutline): void {
  const clause = statement.importClause;
  if (!clause) {
    outline.wholeImports.push(target);
    return;
  }
  if (clause.isTypeOnly) return;
  if (clause.name) outline.imports.set(clause.name.text, { file: target, name: 'default' });
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) outline.wholeImports.push(target);
  if (bindings && ts.isNamedImports(bindings)) {
    for (const element of bindings.elements) {
      if (!element.isTypeOnly) outline.imports.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
    }
  }
}

/** `export { a as b }` (from here, or from another module) and `export * from`. */
function readExport(statement: ts.ExportDeclaration, resolve: Resolve, outline: ModuleOutline, aliases: Map<string, string>): void {
  const specifier = statement.moduleSpecifier;
  const target = specifier && ts.isStringLiteralLike(specifier) ? resolve(specifier.text) : undefined;
  if (statement.isTypeOnly || (specifier && !target)) return;
  const clause = statement.exportClause;
  if (!clause && target) outline.exportAll.push(target);
  if (!clause || !ts.isNamedExports(clause)) return;
  for (const element of clause.elements) {
    const local = (element.propertyName ?? element.name).text;
    if (element.isTypeOnly) continue;
    if (target) outline.reexports.set(element.name.text, { file: target, name: local });
    else aliases.set(element.name.text, local);
  }
}

export function outlineOf(file: string, resolve: Resolve): ModuleOutline {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const outline: ModuleOutline = {
    statements: [],
    declarations: new Map(),
    effects: [],
    imports: new Map(),
    wholeImports: [],
    reexports: new Map(),
    exportAll: [],
  };
  const aliases = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const target = ts.isStringLiteralLike(statement.moduleSpecifier) ? resolve(statement.moduleSpecifier.text) : undefined;
      if (target) readImport(statement, target, outline);
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      readExport(statement, resolve, outline, aliases);
      continue;
    }
    const names = declaredNames(statement);
    if (names?.length === 0) continue;
    outline.statements.push(statement);
    if (!names) outline.effects.push(statement);
    for (const name of names ?? []) outline.declarations.set(name, [...(outline.declarations.get(name) ?? []), statement]);
  }
  // `export { a as b }` of a local or imported name: `b` is `a`.
  for (const [exported, local] of aliases) {
    const declared = outline.declarations.get(local);
    const imported = outline.imports.get(local);
    if (declared) outline.declarations.set(exported, declared);
    else if (imported) outline.reexports.set(exported, imported);
  }
  return outline;
}
