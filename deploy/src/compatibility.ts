/**
 * Can a remote run in the live host? Each remote's mf-manifest.json states, for every shared singleton it uses (react,
 * react-dom, jotai, each @app/host-sdk and @app/ui module), the version range it requires; the host's manifest states
 * the version it provides. The build writes those ranges (shared/build-config): the same major for react and jotai,
 * and `^` the exact version it was built against for each @app/host-sdk and @app/ui module, so a remote built against
 * @app/ui 1.2.0 requires ^1.2.0. A remote whose requirement the host does not meet (another React major, an older or
 * next-major host-sdk or ui, a module the host does not have) would break at run time, so release refuses it, and
 * refuses a host that would leave a live remote in that state.
 */
import semver from 'semver';

export interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

export interface FederationManifest {
  name: string;
  shared: ManifestShared[];
}

export interface Incompatibility {
  module: string;
  required: string;
  provided: string | null;
}

export function findIncompatibilities(remote: FederationManifest, host: FederationManifest): Incompatibility[] {
  const provided = new Map(host.shared.map((shared) => [shared.name, shared.version]));
  const problems: Incompatibility[] = [];
  for (const shared of remote.shared) {
    const required = requirementOf(shared);
    if (!required) continue;
    const version = provided.get(shared.name) ?? null;
    if (version === null || !semver.satisfies(version, required, { includePrerelease: true })) {
      problems.push({ module: shared.name, required, provided: version });
    }
  }
  return problems;
}

/**
 * The range a remote requires of one shared module. A manifest that states none (or `*`) requires `^` the version it
 * was built with: it was never tested against an older one.
 */
function requirementOf(shared: ManifestShared): string | null {
  if (shared.requiredVersion && shared.requiredVersion !== '*') return shared.requiredVersion;
  return semver.valid(shared.version) ? `^${shared.version}` : null;
}

/**
 * @param host which host the remote was checked against: the live one when a remote is released or rolled back, the
 * one being released or rolled back to when it is the host.
 */
export function describeIncompatibilities(remoteName: string, problems: readonly Incompatibility[], host = '线上宿主'): string {
  const lines = problems.map(
    (problem) => `  - ${problem.module}: ${remoteName} 需要 ${problem.required}，${host}提供 ${problem.provided ?? '（无）'}`,
  );
  return [`${remoteName} 与${host}不兼容:`, ...lines].join('\n');
}
