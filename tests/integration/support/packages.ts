import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The workspace's packages/ directory. */
export const PACKAGES_DIR = fileURLToPath(new URL('../../../packages/', import.meta.url));

type ExportTarget = string | Record<string, string>;

/** The parts of a package.json these tests read. */
export interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, ExportTarget>;
  publishConfig?: { exports?: Record<string, ExportTarget> };
  bin?: Record<string, string>;
}

export interface WorkspacePackage {
  /** Absolute directory, with a trailing slash. */
  dir: string;
  json: PackageJson;
}

/** Every published (non-private) package under packages/. */
export function publishedPackages(): WorkspacePackage[] {
  return readdirSync(PACKAGES_DIR)
    .map((name) => `${PACKAGES_DIR}${name}/`)
    .filter((dir) => existsSync(`${dir}package.json`))
    .map((dir) => ({ dir, json: JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as PackageJson }))
    .filter((pkg) => !pkg.json.private);
}

/** The JavaScript entry points (`exports` subpaths but `./package.json`) of a package, by specifier. */
export function entryPoints(pkg: WorkspacePackage): { specifier: string; file: string }[] {
  return Object.entries(pkg.json.publishConfig?.exports ?? {})
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => ({
      specifier: `${pkg.json.name}${subpath.slice(1)}`,
      file: `${pkg.dir}${(typeof target === 'string' ? target : (target.default ?? '')).slice(2)}`,
    }));
}
