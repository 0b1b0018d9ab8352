/** The salt of an app's CSS-module class names, from the CSS of the @app/widgets it bundles. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { dependsOn, installedPackage, readPackageJson } from './package-json';

/** The CSS files of a folder and its subfolders. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/**
 * The salt of an app's CSS-module class names: a digest of the CSS of the @app/widgets it bundles, or null when it
 * bundles none. Each remote brings its own copy of the widgets' CSS into the one page (docs/architecture.md, "Shared
 * code between remotes"); class names hashed from the module's path alone would be the same in every remote, so a
 * remote built with other widget CSS would restyle the others' widgets. Salted with the CSS itself, the same CSS gives
 * the same names (and the same rules) and different CSS different ones.
 */
export function widgetsCssSalt(appDir: string): string | null {
  if (!dependsOn(readPackageJson(appDir), '@app/widgets')) return null;
  const { dir } = installedPackage(appDir, '@app/widgets');
  const hash = createHash('sha256');
  for (const file of cssFiles(join(dir, 'src')).sort()) hash.update(`${relative(dir, file)}\n${readFileSync(file, 'utf8')}\n`);
  return hash.digest('hex').slice(0, 16);
}
