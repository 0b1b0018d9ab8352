/** What the server reads of a remote release's mf-manifest.json: the document, its entry and the files of its `./routes`. */
import { describe, expect, test } from '@rstest/core';
import { readRemoteManifest } from '../src/releases/remote-manifests';

describe('readRemoteManifest', () => {
  test("the entry and the routes' JavaScript and CSS, each a file of the version's folder", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'static/js/ticket.0123456789.js' } },
      exposes: [
        { name: 'other', assets: { js: { sync: ['static/js/other.js'] }, css: { sync: [] } } },
        {
          name: 'routes',
          assets: {
            js: { sync: ['static/js/async/routes.abcdef0123.js', '../../host/x.js', '/abs.js', 'https://evil.example/a.js', 7] },
            css: { sync: ['static/css/routes.0011223344.css'] },
          },
        },
      ],
    };
    expect(readRemoteManifest(JSON.stringify(manifest))).toEqual({
      document: manifest,
      entry: 'static/js/ticket.0123456789.js',
      routesFiles: ['static/js/async/routes.abcdef0123.js', 'static/css/routes.0011223344.css'],
    });
  });

  test('a broken or foreign manifest gives nothing to write into the page or preload', () => {
    for (const text of [
      '',
      '{',
      'null',
      '[]',
      '{"exposes":"x"}',
      JSON.stringify({ metaData: { remoteEntry: { name: '../../etc/passwd' } } }),
    ]) {
      expect(readRemoteManifest(text)).toEqual({ document: undefined, entry: undefined, routesFiles: [] });
    }
  });
});
