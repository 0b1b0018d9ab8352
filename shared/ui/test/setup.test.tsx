import { afterEach, expect, test } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import { Dialog } from '../src/dialog';
import { setupUi } from '../src/setup';
import { Toast } from '../src/toast';

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

// antd-mobile 5 renders Toast and Dialog with ReactDOM.render, which React 19 removed: without setupUi() they
// silently render nothing.
test('after setupUi, Toast and Dialog render with React 19', async () => {
  setupUi();
  Toast.show({ content: '保存成功' });
  await waitFor(() => expect(screen.getByText('保存成功')).toBeTruthy());
  Dialog.alert({ title: '出错了', content: '连接服务器失败' });
  await waitFor(() => expect(screen.getByText('连接服务器失败')).toBeTruthy());
});
