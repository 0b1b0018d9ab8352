import { afterEach, expect, test } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { taxAccount } from '@app/host-sdk/testing';
import { TaxState, TaxStateTag } from '../src/tax-state';

afterEach(cleanup);

test('each state shows its label and tag, green once done and orange until then', () => {
  render(
    <>
      <TaxState account={taxAccount({ loginState: '已登录' })} of="login" />
      <TaxState account={taxAccount({ scanFaceState: '未认证' })} of="face" />
    </>,
  );
  expect(screen.getByText('登录状态')).toBeTruthy();
  expect(screen.getByText('刷脸状态')).toBeTruthy();
  // antd-mobile's Tag takes its colour from the theme's variable.
  expect(screen.getByText('已登录').getAttribute('style')).toContain('--adm-color-success');
  expect(screen.getByText('未认证').getAttribute('style')).toContain('--adm-color-warning');
});

test('the tag alone looks as it does beside its label, whatever page shows it', () => {
  render(
    <>
      <TaxStateTag account={taxAccount({ loginState: '未登录' })} of="login" />
      <TaxStateTag account={taxAccount({ scanFaceState: '已认证' })} of="face" />
    </>,
  );
  expect(screen.queryByText('登录状态')).toBeNull();
  expect(screen.getByText('未登录').getAttribute('style')).toContain('--adm-color-warning');
  expect(screen.getByText('已认证').getAttribute('style')).toContain('--adm-color-success');
  expect(screen.getByText('未登录').getAttribute('style')).toContain('--background-color: transparent');
});
