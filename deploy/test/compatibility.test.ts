import { describe, expect, test } from '@rstest/core';
import { describeIncompatibilities, findIncompatibilities, type FederationManifest } from '../src/compatibility';

const host: FederationManifest = {
  name: 'host',
  shared: [
    { name: 'react', version: '19.3.1' },
    { name: 'react-dom', version: '19.3.1' },
    { name: '@app/host-sdk/session', version: '1.4.0' },
  ],
};

function remote(shared: FederationManifest['shared']): FederationManifest {
  return { name: 'ticket', shared };
}

describe('findIncompatibilities', () => {
  test('a remote built for the same majors and a satisfied sdk range is compatible', () => {
    const problems = findIncompatibilities(
      remote([
        { name: 'react', version: '19.0.0', requiredVersion: '^19.0.0' },
        { name: '@app/host-sdk/session', version: '1.2.0', requiredVersion: '^1.2.0' },
      ]),
      host,
    );
    expect(problems).toEqual([]);
  });

  test('another React major is refused', () => {
    const problems = findIncompatibilities(remote([{ name: 'react', version: '20.0.0', requiredVersion: '^20.0.0' }]), host);
    expect(problems).toEqual([{ module: 'react', required: '^20.0.0', provided: '19.3.1' }]);
  });

  test('a host-sdk range the host is outside of, or a module the host does not provide, is refused', () => {
    const problems = findIncompatibilities(
      remote([
        { name: '@app/host-sdk/session', version: '2.0.0', requiredVersion: '^2.0.0' },
        { name: '@app/host-sdk/tasks', version: '1.5.0', requiredVersion: '^1.5.0' },
      ]),
      host,
    );
    expect(problems.map((p) => p.module)).toEqual(['@app/host-sdk/session', '@app/host-sdk/tasks']);
    expect(describeIncompatibilities('ticket', problems)).toContain('宿主提供 （无）');
  });
});

describe('the ranges the build writes (^ the version built against)', () => {
  const host10: FederationManifest = {
    name: 'host',
    shared: [
      { name: '@app/ui/form', version: '1.0.0', requiredVersion: '^1.0.0' },
      { name: '@app/host-sdk/session', version: '1.0.1', requiredVersion: '^1.0.1' },
    ],
  };

  test('a remote built against @app/ui 1.2.0 requires ^1.2.0: a host that provides 1.0.0 does not meet it', () => {
    const problems = findIncompatibilities(remote([{ name: '@app/ui/form', version: '1.2.0', requiredVersion: '^1.2.0' }]), host10);
    expect(problems).toEqual([{ module: '@app/ui/form', required: '^1.2.0', provided: '1.0.0' }]);
  });

  test('a module whose manifest states no range (or *) requires ^ the version it was built with', () => {
    const problems = findIncompatibilities(
      remote([
        { name: '@app/ui/form', version: '1.2.0', requiredVersion: '*' },
        { name: '@app/host-sdk/session', version: '1.0.1' },
      ]),
      host10,
    );
    expect(problems).toEqual([{ module: '@app/ui/form', required: '^1.2.0', provided: '1.0.0' }]);
  });

  test('a pre-release host satisfies a remote built against the release before it, not the other way round', () => {
    const preview: FederationManifest = { name: 'host', shared: [{ name: '@app/ui/form', version: '1.3.0-beta.1' }] };
    expect(findIncompatibilities(remote([{ name: '@app/ui/form', version: '1.2.0', requiredVersion: '^1.2.0' }]), preview)).toEqual([]);
    const remoteOnPreview = remote([{ name: '@app/ui/form', version: '1.3.0-beta.1', requiredVersion: '^1.3.0-beta.1' }]);
    expect(findIncompatibilities(remoteOnPreview, { name: 'host', shared: [{ name: '@app/ui/form', version: '1.2.0' }] })).toHaveLength(1);
  });
});
