/**
 * Can a remote run in the live host? Each remote's mf-manifest.json states, for every shared singleton it uses (react,
 * react-dom, jotai, each @app/host-sdk and @app/ui module), the version range it requires; the host's manifest states
 * the version it provides. A remote whose requirement the host does not meet (another React major, a host-sdk range
 * the host's sdk is outside of, an sdk module the host does not have) would break at run time, so release refuses it.
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
    const required = shared.requiredVersion;
    if (!required || required === '*') continue;
    const version = provided.get(shared.name) ?? null;
    if (version === null || !semver.satisfies(version, required, { includePrerelease: true })) {
      problems.push({ module: shared.name, required, provided: version });
    }
  }
  return problems;
}

export function describeIncompatibilities(remoteName: string, problems: readonly Incompatibility[]): string {
  const lines = problems.map(
    (problem) => `  - ${problem.module}: ${remoteName} 需要 ${problem.required}，宿主提供 ${problem.provided ?? '（无）'}`,
  );
  return [`${remoteName} 与线上宿主不兼容:`, ...lines].join('\n');
}
