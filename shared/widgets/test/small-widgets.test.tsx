import { afterEach, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@app/host-sdk/testing';
import { useState } from 'react';
import { CompanyOnlyPage } from '../src/company-only';
import { Digits } from '../src/digits';
import { Sheet } from '../src/sheet';
import { WhenOpened } from '../src/when-opened';

afterEach(cleanup);

test('a sheet is a dialog named by its title, with its toolbar, and 取消 closes it', async () => {
  const close = rs.fn();
  render(
    <Sheet visible title="选择税收分类" onClose={close} toolbar={<input placeholder="搜索" />}>
      <p>分类</p>
    </Sheet>,
  );
  expect(await screen.findByRole('dialog', { name: '选择税收分类' })).toBeTruthy();
  expect(screen.getByPlaceholderText('搜索')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '取消' }));
  expect(close).toHaveBeenCalled();
});

test('what WhenOpened holds renders once it was first opened, and stays', () => {
  function Holder() {
    const [visible, setVisible] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setVisible((value) => !value)}>
          切换
        </button>
        <WhenOpened visible={visible}>
          <p>{visible ? '打开' : '关闭'}</p>
        </WhenOpened>
      </>
    );
  }
  render(<Holder />);
  expect(screen.queryByText('打开')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '切换' }));
  expect(screen.getByText('打开')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '切换' }));
  expect(screen.getByText('关闭')).toBeTruthy();
});

test('a page for company users tells anyone else what it is for and offers 绑定企业', async () => {
  const { url } = renderPage(<CompanyOnlyPage title="开具发票" heading="仅企业用户可开票" description="绑定企业后可开票" />, {
    url: '/invoice/create',
  });
  expect(screen.getByText('仅企业用户可开票')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '绑定企业' }));
  await waitFor(() => expect(url()).toBe('/my/company/bind'));
});

test('a number in Digits is one marked piece of the text around it', () => {
  render(
    <p>
      到账账户 <Digits>（尾号2345）</Digits>
    </p>,
  );
  const number = screen.getByText('（尾号2345）');
  expect(number.hasAttribute('data-digits')).toBe(true);
  expect(number.closest('p')?.textContent).toBe('到账账户 （尾号2345）');
});
