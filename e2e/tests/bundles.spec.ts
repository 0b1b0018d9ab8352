/**
 * What the built apps carry: the API contract reaches the host and the remotes as types only, so none of its schemas
 * and none of the schema library (TypeBox) is in a browser bundle. Read from the release store the suite built.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

test("no app bundle holds the contract's schemas or the schema library: clients import the contract as types only", () => {
  const store = process.env.E2E_STORE ?? '';
  const files = scripts(store);
  expect(files.length).toBeGreaterThan(20);
  // TypeBox marks every schema it builds with these keys; the titles are the contract's own.
  const markers = ['~kind', '~refine', '请求流水号', '每页条数'];
  const found = files.flatMap((file) =>
    markers.filter((marker) => readFileSync(file, 'utf8').includes(marker)).map((marker) => `${file.slice(store.length)}: ${marker}`),
  );
  expect(found).toEqual([]);
});

/** The files a remote's federated build loads: its remote entry and every chunk of its exposed `./routes`. */
function federatedFiles(remoteDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(remoteDir, 'mf-manifest.json'), 'utf8')) as {
    metaData: { remoteEntry: { name: string } };
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const assets = manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.js.async]);
  return [manifest.metaData.remoteEntry.name, ...assets].map((file) => join(remoteDir, file));
}

/** The one released version of an app in the suite's fresh store. */
function releasedDir(app: string): string {
  const dir = join(process.env.E2E_STORE ?? '', app);
  const [version] = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
  return join(dir, version ?? '');
}

/** A piece of code only a copy of each host-provided singleton contains (each is in the host's own files). */
const SINGLETON_MARKERS: Record<string, string> = {
  react: 'react.transitional.element',
  'react-dom': '__reactContainer',
  '@app/ui (its form)': 'adm-form-footer',
  '@app/host-sdk (api-client)': '请勿重复提交',
};

/** What each remote shows of @app/widgets: text only that widget's code holds. */
const WIDGET_MARKERS: Record<string, string[]> = {
  invoice: ['选择抬头', '搜索商品名称或税收分类', '二维码生成失败'],
  my: ['搜索商品名称或税收分类', '二维码生成失败'],
  payment: ['还没有保存的发票抬头，请直接填写'],
};

test("a remote bundles the widgets it uses, and no copy of React, @app/ui or @app/host-sdk: those are the host's", () => {
  const hostCode = scripts(releasedDir('host'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const marker of Object.values(SINGLETON_MARKERS)) expect(hostCode.includes(marker), `the host carries ${marker}`).toBe(true);
  for (const remote of ['invoice', 'my', 'payment', 'wallet', 'taxi', 'ticket']) {
    const code = federatedFiles(releasedDir(remote))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const copies = Object.entries(SINGLETON_MARKERS)
      .filter(([, marker]) => code.includes(marker))
      .map(([name]) => name);
    expect({ remote, copies }).toEqual({ remote, copies: [] });
    const missing = (WIDGET_MARKERS[remote] ?? []).filter((marker) => !code.includes(marker));
    expect({ remote, missing }).toEqual({ remote, missing: [] });
  }
});

test('every script a browser loads starts with V8’s compile hint; the server’s own builds do not carry it', () => {
  const store = process.env.E2E_STORE ?? '';
  const firstLines = scripts(store).map((file) => ({
    file: file.slice(store.length),
    firstLine: readFileSync(file, 'utf8').split('\n', 1)[0] ?? '',
  }));
  // A tab's first screen and a lean page's server module are built for Node (the server paints with them).
  const forNode = ({ file }: { file: string }) => /\/(first-screen|server)\//.test(file);
  const browserScripts = firstLines.filter((script) => !forNode(script));
  expect(browserScripts.length).toBeGreaterThan(100);
  expect(browserScripts.filter(({ firstLine }) => firstLine !== '//# allFunctionsCalledOnLoad')).toEqual([]);
  expect(firstLines.filter((script) => forNode(script) && script.firstLine.includes('allFunctionsCalledOnLoad'))).toEqual([]);
});
