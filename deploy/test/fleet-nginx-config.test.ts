/**
 * The fleet's nginx configuration (docs/operations.md, "The fleet"): the read-only calls it retries on another instance
 * are exactly the contract's READ_ONLY calls, which are exactly the list reviewed here (server/test/calls.test.ts
 * checks that none of them writes); it serves from the store exactly the files cache-policy.ts calls immutable (a
 * remote's hashed entry among them); nothing but checked names reaches it; and `npm run fleet` refuses bad arguments in
 * Chinese.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { readOnlyCalls } from '@app/contract/api';
import { cacheControlFor, IMMUTABLE } from '../src/cache-policy';
import { hashedFilesPattern, readNginxTemplate, renderNginxConfig, type FleetProxySettings } from '../src/fleet/nginx-config';
import { REPO_ROOT } from '../src/workspace';

/**
 * Every call that only reads, reviewed one by one against its handler (server/src/calls/): it writes no row and signs
 * in, pays, issues or withdraws nothing. Left out on purpose although they look like reads: wallet/get and
 * wallet/entries (they settle frozen income first), wallet/withdrawPreview (settles too), shopCode/get (creates the
 * shop's short link on first use), wechat/jsapiConfig (asks WeChat), ticket/verify (starts a verification).
 */
const REVIEWED_READ_ONLY = [
  'user/getOfficialAccountLoginUserInfo',
  'company/getMyCompanies',
  'taxAccount/getTaxAccount',
  'taxAccount/getAgreement',
  'task/getTaskProcess',
  'task/getTaskDetail',
  'task/getMyTasks',
  'sysConfig/get',
  'serviceHotline/getAll',
  'serviceWechat/randomlyGetOne',
  'shortLink/resolve',
  'taxiCar/getMyCars',
  'goods/list',
  'goods/get',
  'invoice/list',
  'audit/list',
  'audit/actors',
  'invoice/get',
  'invoice/findBlue',
  'invoice/pdfLink',
  'invoice/deliveries',
  'invoice/homeSummary',
  'company/getInvoiceQrcode',
  'invoiceApplication/mine',
  'invoiceApplication/list',
  'title/list',
  'title/get',
  'company/getBindCode',
  'company/previewBind',
  'companyUser/list',
  'company/myInvitations',
  'subCode/list',
  'subCode/get',
  'shop/get',
  'lifeService/mine',
  'cash/getOrder',
  'payment/list',
  'payment/get',
  'wallet/withdrawals',
  'statistics/invoice',
  'statistics/income',
  'taxiTrip/queryTrips',
  'taxiTrip/get',
  'taxiTrip/getMyTrips',
  'taxiInvoice/list',
  'ticket/list',
  'ticket/get',
  'ticket/pdfLink',
  'export/get',
  'export/link',
  'export/list',
  'account/deletionPreview',
  'account/getDataCopy',
];

const settings: FleetProxySettings = {
  listen: '127.0.0.1:8080',
  runDir: '/tmp/yst-fleet-test',
  storeRoot: '/tmp/yst-fleet-test/root',
  instancePorts: [41001, 41002],
  readOnlyCalls: readOnlyCalls(),
  user: null,
  mimeTypes: '/etc/nginx/mime.types',
  requestTimeoutMs: 30_000,
};

describe('the fleet’s nginx configuration', () => {
  test('the calls it retries after a failure are the contract’s read-only calls, the reviewed list, and only those', async () => {
    expect([...readOnlyCalls()].sort()).toEqual([...REVIEWED_READ_ONLY].sort());
    const config = renderNginxConfig(await readNginxTemplate(), settings);
    const retried = [
      ...config.matchAll(
        /location = \/api\/(\S+) \{\n\s+proxy_next_upstream error timeout http_502 http_503 non_idempotent;\n\s+proxy_pass http:\/\/instances;/g,
      ),
    ].map((match) => match[1]);
    expect(retried.sort()).toEqual([...REVIEWED_READ_ONLY].sort());
    // Nowhere else is a request that reached an instance sent again.
    expect(config.match(/non_idempotent/g)).toHaveLength(REVIEWED_READ_ONLY.length);
    expect(config).toContain('    proxy_next_upstream error timeout http_502 http_503;\n');
    expect(config).toContain('server 127.0.0.1:41001 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('server 127.0.0.1:41002 max_fails=1 fail_timeout=2s;');
    expect(config).toContain(`add_header Cache-Control "${IMMUTABLE}";`);
    expect(config).not.toMatch(/\{\{\w+\}\}/);
  });

  test('nginx serves from the store exactly the hashed files cache-policy.ts calls immutable', () => {
    const fromStore = new RegExp(hashedFilesPattern());
    const samples: [string, boolean][] = [
      ['/remotes/host/1.12.3/static/js/index.2190f54989.js', true],
      ['/remotes/ticket/1.0.1-hotfix.1/static/js/async/12.ab34cd56ef.js', true],
      ['/remotes/invoice/1.9.2/static/css/index.0123abcd.css', true],
      // A remote's entry: its name carries its content's hash, and a version's folder is written once.
      ['/remotes/ticket/1.2.0/static/js/ticket.12ae95e305.js', true],
      ['/remotes/host/1.12.3/index.html', false],
      ['/remotes/ticket/1.0.0/mf-manifest.json', false],
      ['/remotes/ticket/1.0.0/remoteEntry.js', false],
      ['/remotes/ticket/1.0.0/static/js/index.js', false],
      ['/remotes/ticket/1.0.0/static/js/index.2190f54989.js.gz', false],
      ['/remotes/Ticket/1.0.0/static/js/index.2190f54989.js', false],
      ['/remotes/ticket/latest/static/js/index.2190f54989.js', false],
    ];
    for (const [path, served] of samples) {
      expect([path, fromStore.test(path)]).toEqual([path, served]);
      // Whatever nginx serves itself, the instances would have served immutable too.
      const inVersion = path.split('/').slice(4).join('/');
      if (served) expect(cacheControlFor(inVersion)).toBe(IMMUTABLE);
    }
  });

  test('a stalled request is cut at the instances’ time-out; over https every answer carries HSTS once, over http none', async () => {
    const config = renderNginxConfig(await readNginxTemplate(), { ...settings, requestTimeoutMs: 1500 });
    expect(config).toContain('client_body_timeout 1500ms;');
    expect(config).toContain('client_header_timeout 1500ms;');
    expect(config).toMatch(/map \$scheme \$hsts \{\n\s+https "max-age=31536000";\n\s+default "";\n\s+\}/);
    // The instances' own header is replaced by nginx's, in every location that adds headers of its own.
    expect(config).toContain('proxy_hide_header Strict-Transport-Security;');
    expect(config.match(/add_header Strict-Transport-Security \$hsts always;/g)).toHaveLength(2);
    expect(config).toMatch(/listen 127\.0\.0\.1:8080;\n\n/);
    const tls = renderNginxConfig(await readNginxTemplate(), { ...settings, tls: { certificate: '/tmp/c.pem', key: '/tmp/k.pem' } });
    expect(tls).toContain('listen 127.0.0.1:8080 ssl;\n    ssl_certificate /tmp/c.pem;\n    ssl_certificate_key /tmp/k.pem;');
    expect(() => renderNginxConfig(config, { ...settings, requestTimeoutMs: 0 })).toThrow('请求超时无效');
  });

  test('nothing but checked names reaches the configuration', async () => {
    const template = await readNginxTemplate();
    expect(() => renderNginxConfig(template, { ...settings, readOnlyCalls: ['task/getTaskProcess { return 200; }'] })).toThrow(
      'nginx 配置中的接口无效',
    );
    expect(() => renderNginxConfig(template, { ...settings, instancePorts: [70000] })).toThrow('实例端口无效');
    expect(() => renderNginxConfig(template, { ...settings, instancePorts: [] })).toThrow('至少需要一个实例');
    expect(() => renderNginxConfig(template, { ...settings, runDir: '/tmp/a; include /etc/passwd' })).toThrow('运行目录无效');
    expect(() => renderNginxConfig(template, { ...settings, user: 'root; daemon on' })).toThrow('用户无效');
    expect(() => renderNginxConfig('{{unknown}}', settings)).toThrow('未知的占位符');
  });

  test('npm run fleet refuses bad arguments with a Chinese message, before starting anything', () => {
    for (const args of [
      ['--instances', '0'],
      ['--instances', 'two'],
      ['--port', '99999'],
      ['--replicas', '2'],
    ]) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'deploy/src/cli/fleet.ts'), ...args], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/(实例数无效|端口无效|参数无效).*\n用法: npm run fleet/);
      expect(run.stderr).not.toContain('    at ');
    }
  });
});
